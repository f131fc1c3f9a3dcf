package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import storagebench.sink.Dataset;

/**
 * A data directory whose disk is below {@code run.min-free-space} stops the run before its next trial,
 * cleanly: RunFinished STOPPED with the reason, one line for the user, and {@code --restart} continues it.
 * The disk cannot be filled here, so the floor is set above the free space.
 */
class DiskFloorIT extends BrokerOnDataDir {
    private static final String EXPERIMENT =
            """
            experiment: disk-floor
            target: {kind: local}
            workload: {type: file-init, files: 1, file-size: 1MB}
            factors:
              init: [zero, instant]
            repetitions: 1
            warmups: 0
            """;

    @Test
    void belowTheFloorTheRunStopsBeforeItsNextTrialAndARestartFinishesIt() throws Exception {
        // given
        Path yaml = Files.writeString(tmp.resolve("floor.yaml"), EXPERIMENT);
        // when: the floor is far above what any disk here has free
        CliOutput stopped =
                CliOutput.run(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "run.min-free-space=1000TB");
        // then: exit 1, one line naming the path, the free space, the floor and the restart command
        String runId = onlyRun();
        assertThat(stopped.exit()).isEqualTo(Main.FAILED);
        assertThat(stopped.out()).contains("run " + runId + ": STOPPED, 0 trial(s), 0 failed");
        List<String> lines =
                stopped.err().lines().filter(l -> l.contains("below run.min-free-space")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0))
                .matches(
                        "run "
                                + runId
                                + " did not complete: only .+ free under "
                                + Pattern.quote(data.resolve("kafka").toString())
                                + ", below run.min-free-space "
                                + "1000 TiB: stopped before the first of 2 trials; continue it with: storagebench run --restart "
                                + runId);
        assertThat(stopped.err()).doesNotContain("\tat ");
        Dataset dataset = new Dataset(data.resolve("parquet"));
        assertThat(dataset.column("run_finished", "status || ' ' || trials || ' ' || error"))
                .singleElement()
                .asString()
                .startsWith("STOPPED 0 only ")
                .contains("stopped before the first of 2 trials");
        assertThat(dataset.rows("trials")).isZero();

        // when: continued with the floor off
        CliOutput restarted =
                CliOutput.run(
                        "run",
                        "--restart",
                        runId,
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "run.min-free-space=0");
        // then: every trial once, the run completed
        assertThat(restarted.exit()).as(restarted.err()).isZero();
        assertThat(dataset.column("trials", "step || ' ' || trial_index"))
                .filteredOn(s -> s.startsWith("create"))
                .containsExactly("create 0", "create 1");
        assertThat(dataset.column("run_finished", "status || ' ' || attempt"))
                .containsExactly("COMPLETED 2", "STOPPED 1");
    }

    private static String onlyRun() throws Exception {
        try (Stream<Path> runs = Files.list(data.resolve("runs"))) {
            List<Path> all = runs.toList();
            assertThat(all).hasSize(1);
            return all.get(0).getFileName().toString();
        }
    }
}
