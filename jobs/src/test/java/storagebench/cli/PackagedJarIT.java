package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application jar as built: DuckDB's and the compression libraries' native libraries for this
 * platform only, ECharts' one file, one Jackson and one logging backend (the enforcer's
 * bannedDependencies rule checks the dependencies; this checks what the packaging made of them), HDFS
 * and S3 in the Hadoop add-on beside it, serve's web stack in the web add-on, and README's first
 * command run from it.
 */
class PackagedJarIT {
    private static final Path JAR = Path.of("target", "storagebench.jar").toAbsolutePath();
    private static final Path HADOOP_ADDON = Path.of("target", "addons", "hadoop").toAbsolutePath();
    private static final Path WEB_ADDON = Path.of("target", "addons", "web").toAbsolutePath();
    private static final Path SCHEDULES =
            Path.of("..", "pipeline-config", "schedules.yaml").toAbsolutePath().normalize();

    @TempDir Path tmp;

    private static List<String> entries() throws Exception {
        Assumptions.assumeTrue(Files.exists(JAR), "the application jar is built");
        try (ZipFile jar = new ZipFile(JAR.toFile())) {
            return jar.stream().map(ZipEntry::getName).toList();
        }
    }

    private static boolean arm() {
        return System.getProperty("os.arch").equals("aarch64");
    }

    private static String os() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        return os.contains("linux") ? "linux" : os.contains("mac") ? "macos" : "windows";
    }

    @Test
    void holdsDuckDbsNativeLibraryForThisPlatformOnly() throws Exception {
        // given
        String platform = os() + "_" + (arm() ? "arm64" : "amd64");
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

    @Test
    void holdsTheCompressionLibrariesNativeLibrariesForThisPlatformOnly() throws Exception {
        // given: zstd-jni's and snappy-java's names for this platform
        String zstd =
                switch (os()) {
                    case "linux" -> "linux/" + (arm() ? "aarch64" : "amd64");
                    case "macos" -> "darwin/aarch64";
                    default -> "win/amd64";
                };
        String snappy =
                switch (os()) {
                    case "linux" -> "Linux/" + (arm() ? "aarch64" : "x86_64");
                    case "macos" -> "Mac/aarch64";
                    default -> "Windows/x86_64";
                };
        // when
        List<String> entries = entries();
        // then
        assertThat(entries)
                .filteredOn(name -> name.contains("libzstd-jni"))
                .singleElement()
                .asString()
                .startsWith("BOOT-INF/classes/" + zstd + "/");
        assertThat(entries)
                .filteredOn(
                        name ->
                                name.startsWith("BOOT-INF/classes/org/xerial/snappy/native/")
                                        && !name.endsWith("/"))
                .singleElement()
                .asString()
                .startsWith("BOOT-INF/classes/org/xerial/snappy/native/" + snappy + "/");
        assertThat(entries)
                .contains("BOOT-INF/classes/com/github/luben/zstd/Zstd.class")
                .contains("BOOT-INF/classes/org/xerial/snappy/Snappy.class")
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/zstd-jni"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/snappy-java"));
    }

    @Test
    void leavesHdfsAndS3ToTheHadoopAddOnBesideIt() throws Exception {
        // when
        List<String> entries = entries();
        List<String> addOn;
        try (Stream<Path> files = Files.list(HADOOP_ADDON)) {
            addOn = files.map(f -> f.getFileName().toString()).toList();
        }
        // then
        assertThat(entries)
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/hadoop-"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/s3-"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/sdk-core-"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/httpclient-"))
                .anyMatch(name -> name.startsWith("BOOT-INF/lib/parquet-hadoop-"));
        assertThat(addOn)
                .anyMatch(name -> name.startsWith("hadoop-client-api-"))
                .anyMatch(name -> name.startsWith("hadoop-client-runtime-"))
                .anyMatch(name -> name.startsWith("hadoop-aws-"))
                .anyMatch(name -> name.startsWith("s3-"))
                .noneMatch(name -> name.startsWith("parquet-"))
                .noneMatch(name -> name.startsWith("kafka"));
    }

    @Test
    void leavesServesWebStackToTheWebAddOnBesideIt() throws Exception {
        // when
        List<String> entries = entries();
        List<String> addOn;
        try (Stream<Path> files = Files.list(WEB_ADDON)) {
            addOn = files.map(f -> f.getFileName().toString()).toList();
        }
        // then
        assertThat(entries)
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/tomcat-"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/spring-web"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/thymeleaf"))
                .noneMatch(name -> name.startsWith("BOOT-INF/lib/spring-security"))
                .anyMatch(name -> name.startsWith("BOOT-INF/lib/spring-context-"))
                .contains("BOOT-INF/classes/templates/");
        assertThat(addOn)
                .anyMatch(name -> name.startsWith("tomcat-embed-core-"))
                .anyMatch(name -> name.startsWith("spring-webmvc-"))
                .anyMatch(name -> name.startsWith("thymeleaf-spring6-"))
                .anyMatch(name -> name.startsWith("spring-security-web-"))
                .noneMatch(name -> name.startsWith("spring-context-"))
                .noneMatch(name -> name.startsWith("spring-core-"));
        // and the jar is at most 100 MB (docs/performance.md)
        assertThat(Files.size(JAR)).isLessThanOrEqualTo(100_000_000L);
    }

    @Test
    void servesOnlyWithTheWebAddOnAndSaysSoWithout() throws Exception {
        // given
        Assumptions.assumeTrue(Files.exists(JAR), "the application jar is built");
        String data = tmp.resolve("data").toString();
        // when: without the add-on
        Result refused =
                java(Map.of(), "serve", "--schedules", SCHEDULES.toString(), "--data-dir", data);
        Result listed =
                java(
                        Map.of(),
                        "schedule",
                        "list",
                        "--schedules",
                        SCHEDULES.toString(),
                        "--data-dir",
                        data);
        // then: serve names the add-on; the schedules, in the same store, are listed without it
        assertThat(refused.exit()).as(refused.output()).isEqualTo(2);
        assertThat(refused.output())
                .contains("serve needs the web add-on")
                .contains("LOADER_PATH")
                .doesNotContain("Exception");
        assertThat(listed.exit()).as(listed.output()).isZero();
        assertThat(listed.output()).contains("nightly-file-init");
        // when: with it, as ./storagebench starts it
        Process serve =
                start(
                        Map.of("LOADER_PATH", HADOOP_ADDON + "," + WEB_ADDON),
                        "serve",
                        "--schedules",
                        SCHEDULES.toString(),
                        "--data-dir",
                        data,
                        "--port",
                        "0");
        try {
            String url = dashboardUrl(serve);
            HttpResponse<String> page =
                    HttpClient.newHttpClient()
                            .send(
                                    HttpRequest.newBuilder(URI.create(url)).build(),
                                    HttpResponse.BodyHandlers.ofString());
            // then: the dashboard answers, and SIGTERM stops the service cleanly
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("nightly-file-init");
            serve.destroy();
            assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(serve.exitValue()).isZero();
        } finally {
            serve.destroyForcibly();
            java(Map.of(), "broker", "stop", "--data-dir", data);
        }
    }

    /** The dashboard's address, from serve's first line; its output drained after it. */
    private static String dashboardUrl(Process serve) throws Exception {
        BufferedReader lines =
                new BufferedReader(
                        new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        String line;
        while (System.nanoTime() < deadline && (line = lines.readLine()) != null) {
            seen.append(line).append('\n');
            Matcher started = Pattern.compile("serve: (http://\\S+/) ").matcher(line);
            if (started.find()) {
                Thread drain = new Thread(() -> lines.lines().forEach(l -> {}));
                drain.setDaemon(true);
                drain.start();
                return started.group(1);
            }
        }
        throw new AssertionError("serve did not start:\n" + seen);
    }

    @Test
    void runsReadmesFirstCommandWithoutHadoopAndNamesTheAddOnForAnHdfsDataset() throws Exception {
        // given: a small experiment, as README's first command runs one
        Assumptions.assumeTrue(Files.exists(JAR), "the application jar is built");
        Path experiment = tmp.resolve("quick.yaml");
        Files.writeString(
                experiment,
                """
                experiment: packaged
                target: {kind: local}
                workload: {type: file-init, files: 1, file-size: 1MB}
                factors:
                  init: [zero, instant]
                repetitions: 2
                warmups: 0
                """);
        Path data = tmp.resolve("data");
        // when: run from the jar alone (the sink writes Parquet with no Hadoop class there)
        Result run = java(Map.of(), "run", experiment.toString(), "--data-dir", data.toString());
        // and again into the same data directory: the sink starts on a dataset that has files,
        // whose event ids it reads back first (with no Hadoop class there either)
        Result again = java(Map.of(), "run", experiment.toString(), "--data-dir", data.toString());
        java(Map.of(), "broker", "stop", "--data-dir", data.toString());
        // then
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("packaged").contains("init=instant");
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).doesNotContain("NoClassDefFoundError");
        try (Stream<Path> files = Files.walk(data.resolve("parquet").resolve("trials"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".parquet"))).isNotEmpty();
        }
        // when: the dataset is on HDFS, without the add-on and then with it
        String[] onHdfs = {
            "report", "--data-dir", data.toString(), "--set", "dataset.url=hdfs://127.0.0.1:1/x"
        };
        Result without = java(Map.of(), onHdfs);
        Result with = java(Map.of("LOADER_PATH", HADOOP_ADDON.toString()), onHdfs);
        // then: refused at load, naming the add-on; with it, Hadoop's client runs and finds no
        // namenode
        assertThat(without.exit()).as(without.output()).isEqualTo(2);
        assertThat(without.output())
                .contains("needs the Hadoop add-on")
                .contains("LOADER_PATH")
                .doesNotContain("Exception");
        assertThat(with.exit()).as(with.output()).isNotZero();
        assertThat(with.output())
                .contains("cannot reach the dataset at hdfs://127.0.0.1:1/x")
                .doesNotContain("add-on");
    }

    private record Result(int exit, String output) {}

    private Result java(Map<String, String> env, String... args) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Process process = builder(env, args).redirectOutput(out.toFile()).start();
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as(String.join(" ", args)).isTrue();
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    private Process start(Map<String, String> env, String... args) throws Exception {
        return builder(env, args).start();
    }

    private ProcessBuilder builder(Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(JAR.toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("LOADER_PATH");
        builder.environment().remove("STORAGEBENCH_DATA_DIR");
        builder.environment().put("STORAGEBENCH_CACHE_DIR", tmp.resolve("cache").toString());
        builder.environment().putAll(env);
        return builder;
    }
}
