package storagebench.logformat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThroughputTest {
    private static Parsed.Step step(Map<String, Double> metrics) {
        return new Parsed.Step(
                "t",
                Map.of("clients", "2"),
                "run",
                Instant.EPOCH,
                5_000_000_000L,
                null,
                metrics,
                7);
    }

    @Test
    void aStepWithTpsAlsoHasTpsPerMinuteAndIsOtherwiseTheSame() {
        // when
        Parsed.Step with =
                (Parsed.Step) Throughput.withTpm(step(Map.of("tps", 945.5, "lat_ms", 2.1)));
        // then
        assertThat(with.metrics())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("tps", 945.5, "lat_ms", 2.1, "tpm", 56_730.0));
        assertThat(with)
                .usingRecursiveComparison()
                .ignoringFields("metrics")
                .isEqualTo(step(Map.of()));
    }

    @Test
    void aStepThatHasTpmOrNoTpsAndOtherRecordsAreLeftAsTheyAre() {
        Parsed.Step hammerdb = step(Map.of("tps", 10.0, "tpm", 1_000.0));
        Parsed.Step gbak = step(Map.of("pages", 4.0));
        Parsed.Malformed malformed = new Parsed.Malformed(3, "no tps", "x");
        assertThat(Throughput.withTpm(hammerdb)).isSameAs(hammerdb);
        assertThat(Throughput.withTpm(gbak)).isSameAs(gbak);
        assertThat(Throughput.withTpm(malformed)).isSameAs(malformed);
    }
}
