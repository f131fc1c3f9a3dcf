package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.events.RunFinished;
import storagebench.events.RunStatus;
import storagebench.events.TrialTimed;
import storagebench.runner.TopicEvents;

/** SIGTERM during a run: the trial under way is abandoned and cleaned up, the run STOPPED and restartable. */
class SignalIT {
    @TempDir Path tmp;

    @Test
    void sigtermAbandonsTheTrialUnderWayAndTheRunContinuesLater() throws Exception {
        // given: a run of 6 trials of 1.5 s each in a child process
        Path data = tmp.resolve("data");
        Child run =
                Child.start(
                        tmp,
                        "run",
                        "run",
                        Experiments.slow(tmp, "sigterm", 3, 1500).toString(),
                        "--data-dir",
                        data.toString(),
                        "--no-sink");
        Settings settings = Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
        // when: SIGTERM while its third trial runs (a trial's line is logged when it ends)
        awaitOutput(run, "trial 2/6");
        Thread.sleep(500);
        run.terminate();
        int exit = run.waitFor(120);
        // then
        assertThat(exit).as(run.output()).isEqualTo(143);
        String runId = onlyRun(data);
        assertThat(run.output())
                .contains("run " + runId + " stopped by SIGTERM")
                .contains("storagebench run --restart " + runId)
                .doesNotContain("\tat ")
                .doesNotContain("Exception");
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            var events = TopicEvents.all(kafka);
            List<Integer> done = measured(events);
            assertThat(done).hasSize(2).containsExactly(0, 1);
            List<RunFinished> finished = TopicEvents.of(events, RunFinished.class);
            assertThat(finished)
                    .extracting(RunFinished::getStatus)
                    .containsExactly(RunStatus.STOPPED);
        }
        Path abandoned =
                data.resolve("runs").resolve(runId).resolve("trials").resolve(runId + "-t0002");
        assertThat(abandoned.resolve("cleaned")).as("the abandoned trial's clean-up ran").exists();
        // when continued
        assertThat(
                        Main.execute(
                                "run",
                                "--restart",
                                runId,
                                "--data-dir",
                                data.toString(),
                                "--no-sink"))
                .isZero();
        // then every trial once
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            assertThat(measured(TopicEvents.all(kafka)))
                    .containsExactlyElementsOf(IntStream.range(0, 6).boxed().toList());
        }
    }

    static List<Integer> measured(List<SpecificRecord> events) {
        return TopicEvents.of(events, TrialTimed.class).stream()
                .filter(t -> t.getPhase().equals("measured"))
                .map(TrialTimed::getTrialIndex)
                .sorted()
                .toList();
    }

    static void awaitOutput(Child child, String text) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!child.output().contains(text)) {
            assertThat(child.alive()).as("still running: %s", child.output()).isTrue();
            assertThat(System.nanoTime())
                    .as("'%s' in time: %s", text, child.output())
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    static String onlyRun(Path data) throws Exception {
        try (Stream<Path> runs = Files.list(data.resolve("runs"))) {
            List<Path> all = runs.toList();
            assertThat(all).hasSize(1);
            return all.get(0).getFileName().toString();
        }
    }
}
