package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.runner.TopicEvents;

/**
 * The topic is a run's one record of progress: the runner killed (SIGKILL) between a trial's commit on
 * the topic and its next trial, 20 times at random points of one run, each kill followed by {@code run
 * --restart}. Every trial ends up once in the topic and the dataset; each restart ran exactly what the
 * topic did not hold.
 */
class TrialCommitKillIT {
    private static final int KILLS = 20;
    private static final int TRIALS = 48;
    private static final Pattern CONTINUING =
            Pattern.compile("continuing run \\S+: (\\d+) of \\d+ trials already in the topic");

    @TempDir Path tmp;

    @Test
    void killedBetweenATrialsCommitAndItsNextTrialTwentyTimesEveryTrialOnce() throws Exception {
        // given: trials whose measured step takes a moment and whose untimed set-up takes 300 ms,
        // so a
        // kill shortly after a trial is done lands after its commit, in the next trial's set-up
        long seed = Long.getLong("faults.seed", System.nanoTime());
        System.out.println("TrialCommitKillIT: seed " + seed + " (-Dfaults.seed=" + seed + ")");
        Random random = new Random(seed);
        Path data = tmp.resolve("data");
        Path yaml = tmp.resolve("commit-kills.yaml");
        Files.writeString(
                yaml,
                """
                experiment: commit-kills
                target: {kind: local}
                workload: {type: command, command: "true", setup: "sleep 0.3"}
                factors:
                  v: [a, b]
                repetitions: %d
                warmups: 0
                """
                        .formatted(TRIALS / 2));
        List<String> kills = new ArrayList<>();
        int between = 0;
        try (KafkaConnection kafka = KafkaConnection.open(Counts.settings(data))) {
            Child run =
                    Child.start(
                            tmp,
                            "run-0",
                            "run",
                            yaml.toString(),
                            "--data-dir",
                            data.toString(),
                            "--no-sink");
            String runId = CommitWindowIT.awaitRunId(run, data);
            // when: 20 times, a trial or two after the last kill, the runner killed 20 to 250 ms
            // after
            // it printed the trial done (its events then being committed), then continued
            int done = 0;
            for (int k = 1; k <= KILLS; k++) {
                int trial = done + 1 + random.nextInt(2);
                SignalIT.awaitOutput(run, "trial " + trial + "/" + TRIALS);
                int delay = 20 + random.nextInt(230);
                Thread.sleep(delay);
                run.kill();
                run =
                        Child.start(
                                tmp,
                                "run-" + k,
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--no-sink");
                // what the topic held, as the continuation read it once the killed process's
                // transaction could no longer change
                done = alreadyInTopic(run);
                if (done == trial) {
                    between++;
                }
                kills.add(
                        "after trial " + trial + " + " + delay + " ms: " + done + " in the topic");
            }
            // then: the last continuation completes, every trial once in the topic and the dataset
            assertThat(run.waitFor(180)).as(run.output()).isZero();
            System.out.println("kills: " + kills);
            assertThat(between)
                    .as(
                            "kills that landed after the trial's commit and before the next one's: %s",
                            kills)
                    .isGreaterThanOrEqualTo(KILLS / 2);
            Counts.exactlyOnceInTopic(kafka, runId, TRIALS);
            Counts.exactlyOnceInDataset(kafka, data, runId, TRIALS);
            // and every attempt has its RunStarted and one RunFinished, the last one COMPLETED
            var events = TopicEvents.all(kafka);
            assertThat(TopicEvents.of(events, RunStarted.class)).hasSize(KILLS + 1);
            List<RunFinished> finished = TopicEvents.of(events, RunFinished.class);
            assertThat(finished).hasSize(KILLS + 1);
            assertThat(finished.get(KILLS).getStatus()).isEqualTo(RunStatus.COMPLETED);
            assertThat(finished.get(KILLS).getTrials()).isEqualTo(TRIALS);
            assertThat(run.output()).doesNotContain("\tat ");
        }
    }

    /** The trials a continuation found in the topic, from its first lines. */
    private static int alreadyInTopic(Child run) throws Exception {
        SignalIT.awaitOutput(run, " trials already in the topic");
        Matcher m = CONTINUING.matcher(run.output());
        assertThat(m.find()).as(run.output()).isTrue();
        return Integer.parseInt(m.group(1));
    }
}
