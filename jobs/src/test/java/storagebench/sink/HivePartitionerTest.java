package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import storagebench.events.EventType;

class HivePartitionerTest {
    private final HivePartitioner partitioner = new HivePartitioner();

    @Test
    void trialsGoByExperimentAndUtcStartDate() {
        // given
        var event =
                TestEvents.trial(
                        "r1", "file-init", 0, Instant.parse("2024-03-01T23:59:59.999999Z"));
        // when
        String folder = partitioner.folderOf(EventType.TRIAL_TIMED, event);
        // then
        assertThat(folder).isEqualTo("trials/experiment=file-init/date=2024-03-01");
    }

    @Test
    void runsGoByStartAndFinishedRunsByEndDate() {
        // given
        var started = TestEvents.runStarted("r1", "x", Instant.parse("2024-03-01T23:00:00Z"));
        var finished = TestEvents.runFinished("r1", "x", 3, Instant.parse("2024-03-02T00:00:01Z"));
        // when / then
        assertThat(partitioner.folderOf(EventType.RUN_STARTED, started))
                .isEqualTo("runs/experiment=x/date=2024-03-01");
        assertThat(partitioner.folderOf(EventType.RUN_FINISHED, finished))
                .isEqualTo("run_finished/experiment=x/date=2024-03-02");
    }

    @Test
    void datesBeforeTheEpochAreRight() {
        // given
        var event = TestEvents.trial("r1", "x", 0, Instant.parse("1969-12-31T23:59:59Z"));
        // when / then
        assertThat(partitioner.folderOf(EventType.TRIAL_TIMED, event)).endsWith("/date=1969-12-31");
    }

    @Test
    void experimentValuesBecomeOneSafeFolderName() {
        // given / when / then
        assertThat(PathSafe.escape("seed-000_ifi.v2")).isEqualTo("seed-000_ifi.v2");
        assertThat(PathSafe.escape("a/b")).isEqualTo("a%2Fb");
        assertThat(PathSafe.escape("..")).isEqualTo("%2E.");
        assertThat(PathSafe.escape(".hidden")).isEqualTo("%2Ehidden");
        assertThat(PathSafe.escape("x=1 y")).isEqualTo("x%3D1%20y");
        assertThat(PathSafe.escape("C:\\tmp")).isEqualTo("C%3A%5Ctmp");
        assertThat(PathSafe.escape("tempdb*%")).isEqualTo("tempdb%2A%25");
        assertThat(PathSafe.escape("")).isEqualTo(PathSafe.EMPTY);
    }

    @Test
    void printableNonAsciiStaysAsItIsAndTheInvisibleIsEscaped() {
        // given / when / then: Spark decodes %XX as one character, so UTF-8 bytes must not be
        // escaped for the names people write
        assertThat(PathSafe.escape("é")).isEqualTo("é");
        assertThat(PathSafe.escape("café ü/x=1")).isEqualTo("café%20ü%2Fx%3D1");
        assertThat(PathSafe.escape("日本語 ß—€")).isEqualTo("日本語%20ß—€");
        assertThat(PathSafe.escape("\u202eevil")).isEqualTo("%E2%80%AEevil");
        assertThat(PathSafe.escape("zero\u200bwidth\u00a0nbsp\u0085nel"))
                .isEqualTo("zero%E2%80%8Bwidth%C2%A0nbsp%C2%85nel");
        assertThat(PathSafe.escape("lone\ud800")).isEqualTo("lone%3F");
    }

    @Test
    void theLimitIsInUtf8Bytes() {
        // given / when
        String whole = PathSafe.escape("é".repeat(100));
        String cut = PathSafe.escape("é".repeat(101));
        // then
        assertThat(whole).isEqualTo("é".repeat(100));
        assertThat(cut).matches("é{80}~[0-9a-f]{16}");
    }

    @Test
    void longValuesAreCutButStayDistinct() {
        // given
        String a = "x".repeat(300) + "a";
        String b = "x".repeat(300) + "b";
        String slashes = "/".repeat(100);
        // when
        String ea = PathSafe.escape(a);
        String eb = PathSafe.escape(b);
        String es = PathSafe.escape(slashes);
        // then
        assertThat(ea).hasSizeLessThanOrEqualTo(PathSafe.MAX).isNotEqualTo(eb).contains("~");
        assertThat(es).hasSizeLessThanOrEqualTo(PathSafe.MAX).matches("(%2F)+~[0-9a-f]{16}");
    }
}
