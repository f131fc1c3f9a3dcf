package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerProcess;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;

/** A broker lost under a running command: the run waits for it within the grace period, else ends cleanly. */
class BrokerLossIT {
    @TempDir Path tmp;

    @Test
    void runEndsWithOneClearMessageWhenItsBrokerStaysAway() throws Exception {
        // given: a broker process of its own, given to the run as a cluster (so the run cannot
        // start it again)
        BrokerFiles brokerFiles = BrokerFiles.of(tmp.resolve("cluster").resolve("kafka"));
        String address = BrokerProcess.ensure(brokerFiles, Duration.ZERO);
        Path data = tmp.resolve("data");
        Child run =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        Experiments.slow(tmp, "lost", 10, 300).toString(),
                        "--data-dir",
                        data.toString(),
                        "--bootstrap-servers",
                        address,
                        "--set",
                        "kafka.grace-seconds=5",
                        "--no-sink");
        // when: the broker is killed after a few trials
        SignalIT.awaitOutput(run, "trial 3/20");
        Child.signal("KILL", brokerFiles.readPid().orElseThrow());
        int exit = run.waitFor(120);
        // then: exit 1, one message naming the broker and the command that continues the run, no
        // stack trace
        String runId = Counts.runs(data).get(0);
        assertThat(exit).as(run.output()).isEqualTo(Main.FAILED);
        assertThat(run.output())
                .contains("the Kafka broker at " + address + " did not answer for 5 s")
                .contains("continue it with: storagebench run --restart " + runId)
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        // and once the broker is back, the run continues and records each trial once
        BrokerProcess.ensure(brokerFiles, Duration.ZERO);
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--bootstrap-servers",
                                address,
                                "--no-sink"))
                .isZero();
        try (KafkaConnection kafka =
                KafkaConnection.open(Counts.settings(data).withBootstrapServers(address))) {
            Counts.exactlyOnceInTopic(kafka, runId, 20);
            Counts.exactlyOnceInDataset(kafka, data, runId, 20);
        }
    }

    @Test
    void runWaitsOutItsEmbeddedBrokerKilledMidRunAndCompletes() throws Exception {
        // given: a run on the embedded broker of its data directory
        Path data = tmp.resolve("data");
        Child run =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        Experiments.slow(tmp, "revived", 10, 300).toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "kafka.grace-seconds=90",
                        "--no-sink");
        BrokerFiles files = BrokerFiles.of(data.resolve("kafka"));
        // when: the broker process is killed with SIGKILL after a few trials
        SignalIT.awaitOutput(run, "trial 3/20");
        Child.signal("KILL", files.readPid().orElseThrow());
        int exit = run.waitFor(240);
        // then: the run started it again by itself, went on, and has each trial once
        assertThat(exit).as(run.output()).isZero();
        assertThat(run.output())
                .contains("starting it again")
                .contains("publishing waited")
                .doesNotContain("\tat ");
        // the run's own lines, kept in the test's report: what the publisher did at the kill
        System.out.println(run.output());
        String runId = Counts.runs(data).get(0);
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, 20);
            Counts.exactlyOnceInDataset(kafka, data, runId, 20);
        }
    }

    @Test
    void killedSinkNoLongerTakesTheBrokerFromARun() throws Exception {
        // given: a sink that starts the data directory's broker, then a run in a second process
        Path data = tmp.resolve("data");
        Child sink = Child.start(tmp, "sink", "sink", "--data-dir", data.toString());
        SignalIT.awaitOutput(sink, "sinking");
        Child run =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        Experiments.slow(tmp, "sink-killed", 6, 300).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        // when: the sink is killed with SIGKILL while the run goes on
        SignalIT.awaitOutput(run, "trial 2/12");
        sink.kill();
        // then: the run completes as if nothing happened
        assertThat(run.waitFor(120)).as(run.output()).isZero();
        assertThat(run.output()).doesNotContain("\tat ").doesNotContain("Exception");
        String runId = Counts.runs(data).get(0);
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Counts.exactlyOnceInTopic(kafka, runId, 12);
            Counts.exactlyOnceInDataset(kafka, data, runId, 12);
        }
    }
}
