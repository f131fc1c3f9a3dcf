package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFilesTest {
    private static final String TEXT = "line one\nline two\n".repeat(1000);

    @TempDir Path dir;

    @Test
    void aGzipFileIsReadAsTheTextItHoldsWhateverItsName() throws IOException {
        // given
        Path gz = Files.write(dir.resolve("nightly.log.gz"), gzip(TEXT));
        Path unnamed = Files.write(dir.resolve("nightly.log"), gzip(TEXT));
        Path plain = Files.writeString(dir.resolve("plain.log.gz"), TEXT);
        // then
        assertThat(LogFiles.gzipped(gz)).isTrue();
        assertThat(LogFiles.gzipped(plain)).isFalse();
        for (Path file : new Path[] {gz, unnamed, plain}) {
            try (InputStream in = LogFiles.open(file)) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
            }
            assertThat(LogFiles.size(file)).isEqualTo(TEXT.length());
        }
    }

    @Test
    void aGzipFileCutShortFailsItsReadSayingSo() throws IOException {
        // given a gzip file copied while it was written
        byte[] whole = gzip(TEXT);
        Path cut = Files.write(dir.resolve("cut.log.gz"), Arrays.copyOf(whole, whole.length / 2));
        // then
        assertThatThrownBy(() -> LogFiles.size(cut))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("a gzip file cut short or damaged (");
    }

    @Test
    void aLogsNameIsTheNameItsToolWroteWithoutGz() {
        assertThat(LogFiles.name(Path.of("logs/hammerdb.log.gz"))).isEqualTo("hammerdb.log");
        assertThat(LogFiles.name(Path.of("results.GZ"))).isEqualTo("results");
        assertThat(LogFiles.name(Path.of("fio.json"))).isEqualTo("fio.json");
        assertThat(LogFiles.name(Path.of(".gz"))).isEqualTo(".gz");
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
