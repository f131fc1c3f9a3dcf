package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The application jar as built: DuckDB's native library for this platform only, ECharts' one file,
 * one Jackson and one logging backend (the enforcer's bannedDependencies rule checks the dependencies;
 * this checks what the packaging made of them).
 */
class PackagedJarIT {
    private static final Path JAR = Path.of("target", "storagebench.jar").toAbsolutePath();

    private static List<String> entries() throws Exception {
        Assumptions.assumeTrue(Files.exists(JAR), "the application jar is built");
        try (ZipFile jar = new ZipFile(JAR.toFile())) {
            return jar.stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void holdsDuckDbsNativeLibraryForThisPlatformOnly() throws Exception {
        // given
        String arch = System.getProperty("os.arch").equals("aarch64") ? "arm64" : "amd64";
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String platform =
                (os.contains("linux") ? "linux" : os.contains("mac") ? "macos" : "windows")
                        + "_"
                        + arch;
        // when
        List<String> entries = entries();
        // then
        assertThat(entries)
                .filteredOn(name -> name.contains("libduckdb_java"))
                .containsExactly("BOOT-INF/classes/libduckdb_java.so_" + platform);
        assertThat(entries)
                .contains("BOOT-INF/classes/org/duckdb/DuckDBDriver.class")
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/duckdb_jdbc"));
    }

    @Test
    void holdsOneChartFileOneJacksonAndOneLoggingBackend() throws Exception {
        // when
        List<String> entries = entries();
        // then
        assertThat(entries)
                .contains("BOOT-INF/classes/html/echarts.min.js")
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/echarts"))
                .noneMatch(name -> name.matches("BOOT-INF/lib/jackson-[a-z]+-3\\..*"))
                .anyMatch(name -> name.matches("BOOT-INF/lib/jackson-databind-2\\..*"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/log4j-core"))
                .anyMatch(name -> name.startsWith("BOOT-INF/lib/logback-classic"));
    }
}
