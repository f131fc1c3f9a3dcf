package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.logformat.LogParser;
import storagebench.logformat.csv.CsvParser;
import storagebench.logformat.fio.FioParser;
import storagebench.logformat.hammerdb.HammerdbParser;

class LogStartTest {
    @TempDir Path dir;

    private static Optional<Instant> startOf(
            LogParser parser, Map<String, String> options, Path file) {
        return LogStart.of(
                new ImportRequest(parser, options, Optional.empty(), Optional.empty(), Map.of()),
                SourceFile.check(file));
    }

    private static Path fixture(String name) throws Exception {
        return Path.of(LogStartTest.class.getResource("/importer/" + name).toURI());
    }

    @Test
    void aLogsRunBeganAtItsFirstTime() throws Exception {
        assertThat(startOf(new FioParser(), Map.of(), fixture("fio/two-jobs.json")))
                .contains(Instant.parse("2026-11-30T04:57:26.613Z"));
        assertThat(
                        startOf(
                                new HammerdbParser(),
                                Map.of(),
                                fixture("hammerdb/log-then-profile.log")))
                .contains(Instant.parse("2024-06-04T08:18:38Z"));
    }

    @Test
    void theFirstTimeCountsEvenAfterRecordsWithoutOne() throws Exception {
        // given a bad row, then rows with a start
        Path csv =
                Files.writeString(
                        dir.resolve("late.csv"),
                        "step,begin,seconds\nrestore,,x\nrestore,2026-01-02 03:04:05.123456789,10\n");
        // when
        Optional<Instant> start =
                startOf(
                        new CsvParser(),
                        Map.of("map.start", "begin", "map.duration_s", "seconds"),
                        csv);
        // then: to the microsecond, as events keep times
        assertThat(start).contains(Instant.parse("2026-01-02T03:04:05.123456Z"));
    }

    @Test
    void aLogWithoutTimesOrThatDoesNotReadSaysNothing() throws Exception {
        assertThat(
                        startOf(
                                new HammerdbParser(),
                                Map.of(),
                                fixture("hammerdb/cli-vu-sequence-mssql.log")))
                .isEmpty();
        Path notFio = Files.writeString(dir.resolve("not.json"), "{\"a\": 1}\n");
        assertThat(startOf(new FioParser(), Map.of(), notFio)).isEmpty();
    }
}
