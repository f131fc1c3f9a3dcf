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
        assertThat(LogFiles.compressed(gz)).isTrue();
        assertThat(LogFiles.compressed(plain)).isFalse();
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
    void aZstdFileIsReadAsTheTextItHoldsWhateverItsName() throws IOException {
        // given: written by another implementation of zstd than the one that reads it
        Path zst = Files.write(dir.resolve("nightly.log.zst"), zstd(TEXT));
        Path unnamed = Files.write(dir.resolve("nightly-zstd.log"), zstd(TEXT));
        // then
        for (Path file : new Path[] {zst, unnamed}) {
            assertThat(LogFiles.compressed(file)).isTrue();
            try (InputStream in = LogFiles.open(file)) {
                assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(TEXT);
            }
            assertThat(LogFiles.size(file)).isEqualTo(TEXT.length());
        }
    }

    @Test
    void aZstdFileCutShortOrDamagedFailsItsReadSayingSo() throws IOException {
        // given: one copied while it was written, one with a byte changed in its data
        byte[] whole = zstd("line\n".repeat(100_000) + "another line\n".repeat(100_000));
        Path cut = Files.write(dir.resolve("cut.log.zst"), Arrays.copyOf(whole, whole.length / 2));
        byte[] changed = whole.clone();
        changed[whole.length / 2] ^= (byte) 0xff;
        Path damaged = Files.write(dir.resolve("damaged.log.zst"), changed);
        // then
        for (Path file : new Path[] {cut, damaged}) {
            assertThatThrownBy(() -> LogFiles.size(file))
                    .as(file.toString())
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("a zstd file cut short or damaged (");
        }
    }

    @Test
    void anXzFileIsRefusedSayingHowToReadIt() throws IOException {
        // given: xz's stream header, then anything
        Path xz =
                Files.write(
                        dir.resolve("nightly.log.xz"),
                        new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4, (byte) 0xe6});
        // then
        assertThatThrownBy(() -> LogFiles.open(xz))
                .isInstanceOf(IOException.class)
                .hasMessage("an xz file, which is not read: unpack it first (xz -dc FILE > LOG)");
    }

    @Test
    void aLogsNameIsTheNameItsToolWroteWithoutGz() {
        assertThat(LogFiles.name(Path.of("logs/hammerdb.log.gz"))).isEqualTo("hammerdb.log");
        assertThat(LogFiles.name(Path.of("results.GZ"))).isEqualTo("results");
        assertThat(LogFiles.name(Path.of("fio.json"))).isEqualTo("fio.json");
        assertThat(LogFiles.name(Path.of(".gz"))).isEqualTo(".gz");
        assertThat(LogFiles.name(Path.of("logs/sar.txt.zst"))).isEqualTo("sar.txt");
    }

    private static byte[] zstd(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new com.github.luben.zstd.ZstdOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
