package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;
import storagebench.events.EventPublisher.PublishException;
import storagebench.experiment.Trial;

/** Below the disk floor the reader stops the step before the next trial, without moving past it. */
class TrialReaderTest {
    private static final long MIB = 1L << 20;
    private final List<Trial> trials = List.of(trial(0), trial(1), trial(2));

    private static Trial trial(int index) {
        return new Trial(index, 0, Map.of(), index + 1, false);
    }

    private static StepExecution step() {
        return new StepExecution(
                1,
                "trials",
                new JobExecution(1, new JobInstance(1, "experiment-run"), new JobParameters()));
    }

    @Test
    void stopsBeforeTheTrialThatWouldStartBelowTheFloorAndARestartBeginsWithIt() throws Exception {
        // given: 10 GiB free for two trials, then 1 MiB, against a floor of 256 MiB
        Deque<Long> free = new ArrayDeque<>(List.of(10_240 * MIB, 10_240 * MIB, MIB));
        DiskFloor floor =
                new DiskFloor(
                        Path.of("/data/kafka"),
                        256 * MIB,
                        p -> free.isEmpty() ? 10_240 * MIB : free.pop());
        TrialReader reader = new TrialReader(trials, 3, floor, () -> {});
        StepExecution step = step();
        reader.beforeStep(step);
        // when
        Trial first = reader.read();
        Trial second = reader.read();
        Trial third = reader.read();
        // then
        assertThat(List.of(first, second)).containsExactly(trials.get(0), trials.get(1));
        assertThat(third).isNull();
        assertThat(step.isTerminateOnly()).isTrue();
        assertThat(floor.reason())
                .contains(
                        "only 1 MiB free under /data/kafka, below run.min-free-space 256 MiB: "
                                + "stopped after trial 2 of 3");
        // and a continuation, with space again and the first two in the topic, begins with the
        // trial that did not start, and names it by its place in the plan
        DiskFloor again = new DiskFloor(Path.of("/data/kafka"), 256 * MIB, p -> 10_240 * MIB);
        TrialReader restarted = new TrialReader(trials.subList(2, 3), 3, again, () -> {});
        restarted.beforeStep(step());
        assertThat(restarted.read()).isEqualTo(trials.get(2));
        assertThat(restarted.read()).isNull();
        DiskFloor full = new DiskFloor(Path.of("/data/kafka"), 256 * MIB, p -> MIB);
        TrialReader stopped = new TrialReader(trials.subList(2, 3), 3, full, () -> {});
        StepExecution stoppedStep = step();
        stopped.beforeStep(stoppedStep);
        assertThat(stopped.read()).isNull();
        assertThat(full.reason().orElseThrow()).endsWith("stopped after trial 2 of 3");
    }

    @Test
    void aFloorOfZeroIsNeverChecked() throws Exception {
        // given
        DiskFloor off =
                new DiskFloor(
                        Path.of("/data"),
                        0,
                        p -> {
                            throw new AssertionError("free space read with the floor off");
                        });
        TrialReader reader = new TrialReader(trials, 3, off, () -> {});
        reader.beforeStep(step());
        // when / then
        assertThat(List.of(reader.read(), reader.read(), reader.read()))
                .containsExactlyElementsOf(trials);
        assertThat(reader.read()).isNull();
    }

    @Test
    void aStopNamesTheLastTrialDoneNotTheNext() {
        // given a disk below the floor
        DiskFloor floor = new DiskFloor(Path.of("/data/kafka"), 256 * MIB, p -> MIB);

        // when trial 42 would start, 41 done; and when the first would
        boolean after41 = floor.allows(42, 100);
        String afterReason = floor.reason().orElseThrow();
        boolean first = floor.allows(1, 100);

        // then
        assertThat(after41).isFalse();
        assertThat(first).isFalse();
        assertThat(afterReason).endsWith(": stopped after trial 41 of 100");
        assertThat(floor.reason())
                .get()
                .asString()
                .endsWith(": stopped before the first of 100 trials");
    }

    @Test
    void theEndOfTheTrialsWaitsForTheLastCommitAndFailsWithIt() throws Exception {
        // given: the last trial's commit, failing, awaited only once every trial is handed out
        List<String> awaited = new java.util.ArrayList<>();
        DiskFloor off = new DiskFloor(Path.of("/data"), 0, p -> 0L);
        TrialReader reader =
                new TrialReader(
                        trials,
                        3,
                        off,
                        () -> {
                            awaited.add("awaited");
                            throw new PublishException("could not publish 1 event(s)", null);
                        });
        reader.beforeStep(step());
        // when
        List<Trial> read = List.of(reader.read(), reader.read(), reader.read());
        // then: the trials were handed out without waiting; the end fails with the commit
        assertThat(read).containsExactlyElementsOf(trials);
        assertThat(awaited).isEmpty();
        assertThatThrownBy(reader::read)
                .isInstanceOf(PublishException.class)
                .hasMessage("could not publish 1 event(s)");
        assertThat(awaited).hasSize(1);
    }
}
