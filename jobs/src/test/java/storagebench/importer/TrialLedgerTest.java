package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.IoSample;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

class TrialLedgerTest {
    private static final Instant RUN_START = Instant.parse("2026-11-30T08:00:00Z");

    @TempDir Path dir;

    private static Parsed.Step step(
            String trial,
            Map<String, String> factors,
            String name,
            Instant start,
            long seconds,
            String error,
            long line) {
        return new Parsed.Step(
                trial, factors, name, start, seconds * 1_000_000_000L, error, Map.of(), line);
    }

    @Test
    void trialsAreNumberedByFirstAppearanceAndStepsWithoutAStartFollowEachOther() throws Exception {
        // given
        Map<String, String> a = Map.of("server", "A");
        Map<String, String> b = Map.of("server", "B");
        Map<String, String> added = new LinkedHashMap<>(Map.of("disk", "ssd"));
        try (QuarantineFile quarantine =
                QuarantineFile.create(dir.resolve("q.jsonl"), dir.resolve("log"))) {
            TrialLedger ledger = new TrialLedger(RUN_START, added, quarantine::add);
            // when
            TrialLedger.Placement first = ledger.place(step("t1", a, "setup", null, 10, null, 2));
            TrialLedger.Placement sample =
                    ledger.place(new Parsed.Sample("t2", b, "io", IoSample.newBuilder(), 3));
            TrialLedger.Placement second = ledger.place(step("t1", a, "run", null, 5, "boom", 4));
            TrialLedger.Placement malformed = ledger.place(new Parsed.Malformed(5, "bad", "x"));
            TrialLedger.Placement third =
                    ledger.place(
                            step(
                                    "t3",
                                    a,
                                    "setup",
                                    Instant.parse("2026-01-01T00:00:00Z"),
                                    1,
                                    null,
                                    6));
            TrialLedger.Placement fourth = ledger.place(step("t2", b, "setup", null, 1, null, 7));
            // then
            assertThat(first.trialIndex()).isZero();
            assertThat(sample.trialIndex()).isEqualTo(1);
            assertThat(second.trialIndex()).isZero();
            assertThat(third.trialIndex()).isEqualTo(2);
            assertThat(fourth.trialIndex()).isEqualTo(1);
            assertThat(malformed).isNull();
            assertThat(first.start()).isEqualTo(RUN_START);
            assertThat(second.start()).isEqualTo(RUN_START.plusSeconds(10));
            assertThat(third.start()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
            assertThat(fourth.start()).isEqualTo(RUN_START.plusSeconds(16));
            assertThat(first.factors())
                    .containsExactly(Map.entry("server", "A"), Map.entry("disk", "ssd"));
            assertThat(first.variant()).isEqualTo("server=A, disk=ssd");
            assertThat(first.repetition()).isEqualTo(1);
            assertThat(third.repetition()).as("second trial of server=A").isEqualTo(2);
            assertThat(sample.repetition()).isEqualTo(1);
            assertThat(ledger.totals()).isEqualTo(new TrialLedger.Totals(6, 3, 1, 1));
        }
    }

    @Test
    void addedFactorsWinOverTheLogs() throws Exception {
        try (QuarantineFile quarantine =
                QuarantineFile.create(dir.resolve("q.jsonl"), dir.resolve("log"))) {
            // given
            TrialLedger ledger =
                    new TrialLedger(RUN_START, Map.of("server", "renamed"), quarantine::add);
            // when
            TrialLedger.Placement place =
                    ledger.place(step("t", Map.of("server", "A"), "s", null, 1, null, 1));
            // then
            assertThat(place.factors()).containsExactly(Map.entry("server", "renamed"));
        }
    }
}
