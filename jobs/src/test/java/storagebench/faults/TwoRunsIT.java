package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;

/** Two runs on one data directory: started together, neither fails, and one ending never ends the other's broker. */
class TwoRunsIT {
    @TempDir Path tmp;

    @Test
    void twoRunsStartedTogetherOnOneDataDirectoryBothComplete() throws Exception {
        // given: no broker yet
        Path data = tmp.resolve("data");
        // when: a long and a short run start at the same moment; the short one ends (and sinks)
        // first
        Child slow =
                Child.start(
                        tmp,
                        "slow",
                        "run",
                        Experiments.slow(tmp, "slow", 10, 1500).toString(),
                        "--data-dir",
                        data.toString());
        Child quick =
                Child.start(
                        tmp,
                        "quick",
                        "run",
                        Experiments.quick(tmp, "quick", 3).toString(),
                        "--data-dir",
                        data.toString());
        // then: both complete
        assertThat(quick.waitFor(180)).as(quick.output()).isZero();
        assertThat(slow.alive())
                .as("the slow run outlives the quick one: %s", slow.output())
                .isTrue();
        assertThat(slow.waitFor(180)).as(slow.output()).isZero();
        assertThat(slow.output() + quick.output())
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        // and each has every trial once, in the topic and the dataset
        List<String> runs = Counts.runs(data);
        assertThat(runs).hasSize(2);
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            for (String runId : runs) {
                int planned = slow.output().contains("run " + runId + ":") ? 20 : 6;
                Counts.exactlyOnceInTopic(kafka, runId, planned);
                Counts.exactlyOnceInDataset(kafka, data, runId, planned);
            }
        }
    }
}
