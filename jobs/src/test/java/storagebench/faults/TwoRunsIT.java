package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;

/**
 * Two runs on one data directory: started together, neither fails, and one ending never ends the
 * other's broker; one killed mid-trial while the other runs costs the other nothing (they share the
 * broker and the data directory, and no database: each run's progress is its events) and records no
 * trial twice.
 */
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

    @Test
    void aRunKilledMidTrialCostsTheOtherRunOnItsDataDirectoryNothing() throws Exception {
        // given: two runs on one data directory, the first with trials of 1.5 s until told
        // otherwise
        Path data = tmp.resolve("data");
        Path fast = tmp.resolve("fast");
        Child killed =
                Child.start(
                        tmp,
                        "killed",
                        "run",
                        Experiments.paced(tmp, "killed", 20, 1500, fast).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        String killedRun = CommitWindowIT.awaitRunId(killed, data);
        SignalIT.awaitOutput(killed, "trial 1/40");
        Child other =
                Child.start(
                        tmp,
                        "other",
                        "run",
                        Experiments.slow(tmp, "other", 4, 1500).toString(),
                        "--data-dir",
                        data.toString());
        String otherRun = CommitWindowIT.awaitOtherRunId(other, data, killedRun);
        // when: the first is killed in the middle of the other run's third trial
        SignalIT.awaitOutput(other, "trial 3/8");
        Thread.sleep(700);
        assertThat(killed.alive()).as("still running: %s", killed.output()).isTrue();
        killed.kill();
        Files.createFile(fast);
        // then: the other run goes on as if nothing happened and completes
        assertThat(other.waitFor(180)).as(other.output()).isZero();
        assertThat(other.output())
                .doesNotContain("continuing")
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        // and the killed run is continued by --restart; each has every trial once
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                killedRun,
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            for (Map.Entry<String, Integer> run : Map.of(otherRun, 8, killedRun, 40).entrySet()) {
                Counts.exactlyOnceInTopic(kafka, run.getKey(), run.getValue());
                Counts.exactlyOnceInDataset(kafka, data, run.getKey(), run.getValue());
            }
        }
    }
}
