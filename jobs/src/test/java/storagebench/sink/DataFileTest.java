package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class DataFileTest {
    @Test
    void nameCarriesTopicPartitionAndPaddedOffsetRange() {
        // given
        DataFile file = new DataFile("storagebench.events", 3, 42, 1_000_041);
        // when
        String name = file.fileName();
        // then
        assertThat(name)
                .isEqualTo(
                        "storagebench.events+3+00000000000000000042+00000000000001000041.parquet");
        assertThat(DataFile.parse(name)).contains(file);
    }

    @Test
    void namesSortByOffset() {
        // given
        List<String> names =
                Stream.of(
                                new DataFile("t", 0, 1000, 1999),
                                new DataFile("t", 0, 0, 999),
                                new DataFile("t", 0, 20_000, 20_000))
                        .map(DataFile::fileName)
                        .toList();
        // when
        List<String> sorted = names.stream().sorted().toList();
        // then
        assertThat(sorted)
                .extracting(n -> DataFile.parse(n).orElseThrow().firstOffset())
                .containsExactly(0L, 1000L, 20_000L);
    }

    @Test
    void otherNamesDoNotParse() {
        // given / when / then
        assertThat(DataFile.parse("t+0+1+2.parquet")).isEmpty();
        assertThat(DataFile.parse(DataFile.tempName("t", 0, 5))).isEmpty();
        assertThat(DataFile.parse("_SUCCESS")).isEmpty();
        assertThat(DataFile.parse(new DataFile("t", 0, 1, 2).fileName() + ".crc")).isEmpty();
    }

    @Test
    void tempNamesAreHiddenAndKnowTheirPartition() {
        // given
        String temp = DataFile.tempName("storagebench.events", 1, 7);
        // when / then
        assertThat(temp).isEqualTo(".storagebench.events+1+00000000000000000007.tmp");
        assertThat(DataFile.isTempOf(temp, "storagebench.events", 1)).isTrue();
        assertThat(DataFile.isTempOf(temp, "storagebench.events", 11)).isFalse();
        assertThat(DataFile.isTempOf(temp, "other", 1)).isFalse();
    }

    @Test
    void refusesAnEmptyOrNegativeRange() {
        // given / when / then
        assertThatThrownBy(() -> new DataFile("t", 0, 5, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DataFile("t", 0, -1, 4))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
