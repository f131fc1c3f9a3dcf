package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ImportIdentityTest {
    private static final String SHA =
            "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    @Test
    void theSameFileFormatAndOptionsGiveTheSameIds() {
        // given
        Map<String, String> options = new LinkedHashMap<>();
        options.put("delimiter", ";");
        options.put("map.step", "step");
        Map<String, String> reordered = new LinkedHashMap<>();
        reordered.put("map.step", "step");
        reordered.put("delimiter", ";");
        // when
        ImportIdentity first = ImportIdentity.of(SHA, "csv", options);
        ImportIdentity again = ImportIdentity.of(SHA, "csv", reordered);
        // then
        assertThat(again).isEqualTo(first);
        assertThat(first.runId()).matches("import-csv-[0-9a-f]{16}");
        assertThat(again.eventId(7, 9))
                .isEqualTo(first.eventId(7, 9))
                .isEqualTo(first.runId() + "/7-L9");
        assertThat(first.trialId(3)).isEqualTo(first.runId() + "-t0003");
        assertThat(first.startedId(2)).isEqualTo(first.runId() + "/started/2");
        assertThat(first.finishedId(1)).isEqualTo(first.runId() + "/finished/1");
    }

    @Test
    void contentFormatAndEveryOptionChangeTheRun() {
        // given
        ImportIdentity base = ImportIdentity.of(SHA, "csv", Map.of("delimiter", ";"));
        // when / then
        assertThat(ImportIdentity.of(SHA.replace('9', '8'), "csv", Map.of("delimiter", ";")))
                .isNotEqualTo(base);
        assertThat(ImportIdentity.of(SHA, "file-stats", Map.of("delimiter", ";")))
                .isNotEqualTo(base);
        assertThat(ImportIdentity.of(SHA, "csv", Map.of("delimiter", ","))).isNotEqualTo(base);
        assertThat(ImportIdentity.of(SHA, "csv", Map.of())).isNotEqualTo(base);
        assertThat(ImportIdentity.of(SHA, "csv", Map.of("delimiter", ";", "header", "true")))
                .isNotEqualTo(base);
    }

    @Test
    void optionTextsCannotRunTogether() {
        // given: the same characters split differently between key and value
        ImportIdentity a = ImportIdentity.of(SHA, "csv", Map.of("a", "b=c"));
        ImportIdentity b = ImportIdentity.of(SHA, "csv", Map.of("a=b", "c"));
        // then
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void theRecordNumberIsReadBackFromAnEventIdOfTheRunOnly() {
        // given
        ImportIdentity id = ImportIdentity.of(SHA, "fio", Map.of());
        ImportIdentity other = ImportIdentity.of(SHA, "pgbench", Map.of());
        // then
        assertThat(id.ordinalOf(id.eventId(1234, 56))).isEqualTo(1234);
        assertThat(id.ordinalOf(other.eventId(1234, 56))).isEqualTo(-1);
        assertThat(id.ordinalOf(id.startedId(1))).isEqualTo(-1);
        assertThat(id.ordinalOf(id.finishedId(1))).isEqualTo(-1);
    }
}
