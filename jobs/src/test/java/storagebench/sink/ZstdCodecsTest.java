package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import org.apache.avro.specific.SpecificRecord;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.EventType;

class ZstdCodecsTest {
    @TempDir Path tmp;

    @Test
    void theSinksFilesAreZstdCompressedAndReadByDuckDb() throws Exception {
        // given: a thousand trials written as the sink writes them
        Path file = tmp.resolve("trials.parquet");
        try (ParquetWriter<SpecificRecord> writer =
                new ParquetFormat(1 << 20).open(EventType.TRIAL_TIMED, file)) {
            for (int i = 0; i < 1000; i++) {
                writer.write(TestEvents.trial("r", "x", i, Instant.parse("2024-01-01T12:00:00Z")));
            }
        }
        // when
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement statement = duck.createStatement();
                ResultSet codecs =
                        statement.executeQuery(
                                "SELECT DISTINCT compression FROM parquet_metadata('%s')"
                                        .formatted(file));
                ResultSet rows =
                        duck.createStatement()
                                .executeQuery(
                                        "SELECT count(*), count(DISTINCT trial_id) FROM '%s'"
                                                .formatted(file))) {
            // then
            assertThat(codecs.next()).isTrue();
            assertThat(codecs.getString(1)).isEqualTo("ZSTD");
            assertThat(codecs.next()).isFalse();
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).isEqualTo(1000);
            assertThat(rows.getLong(2)).isEqualTo(1000);
        }
    }

    @Test
    void aPageComesBackAsItWent() throws IOException {
        // given
        byte[] page = "trial ".repeat(500).getBytes(StandardCharsets.UTF_8);
        // when
        BytesInput compressed =
                ZstdCodecs.INSTANCE
                        .getCompressor(CompressionCodecName.ZSTD)
                        .compress(BytesInput.from(page));
        BytesInput back =
                ZstdCodecs.INSTANCE
                        .getDecompressor(CompressionCodecName.ZSTD)
                        .decompress(compressed, page.length);
        // then
        assertThat(compressed.size()).isLessThan(page.length / 10);
        assertThat(back.toInputStream().readAllBytes()).isEqualTo(page);
    }

    @Test
    void aPageOfAnotherCodecIsAnErrorNamingIt() {
        assertThatThrownBy(
                        () ->
                                ZstdCodecs.INSTANCE
                                        .getDecompressor(CompressionCodecName.SNAPPY)
                                        .decompress(BytesInput.from(new byte[] {1}), 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("SNAPPY")
                .hasMessageContaining("ZSTD-compressed or uncompressed");
    }
}
