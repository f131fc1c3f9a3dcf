package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.local.LocalTarget;

/**
 * What every local workload promises when it runs; each such workload's test extends this with a small
 * valid variant. The registry's part of the contract is {@link WorkloadTableTest}'s, for every entry;
 * {@link WorkloadsOnEveryKindIT} runs every entry on its kind of target.
 */
public abstract class WorkloadContractTest {
    @TempDir protected Path dir;

    protected abstract Workload workload();

    /** Parameters of a small variant that runs in well under a second. */
    protected abstract Map<String, Object> smallVariant();

    protected LocalTarget target() {
        return new LocalTarget(dir.resolve("target"));
    }

    protected TrialContext trial(Params params) {
        return new TrialContext(
                "run-0",
                "contract",
                "host",
                "trial-0",
                Map.of(),
                target(),
                params,
                dir.resolve("out"));
    }

    @Test
    void theMeasuredStepAllocatesNoDirectBuffer() throws Exception {
        // given: the set-up done
        target().prepare();
        Params params = new Params(smallVariant());
        workload().preflight(target(), List.of(params));
        List<Step> steps = workload().steps(trial(params));
        try {
            for (Step step : steps) {
                if (step.phase() == Phase.SETUP) {
                    step.action().run();
                }
            }
            // when
            long before = directBuffers();
            for (Step step : steps) {
                if (step.phase() == Phase.MEASURED) {
                    step.action().run();
                }
            }
            // then: buffers come from the untimed set-up (a 1 GiB block would otherwise be timed)
            assertThat(directBuffers() - before)
                    .as("direct buffers allocated by the measured step")
                    .isLessThanOrEqualTo(0);
        } finally {
            for (Step step : steps) {
                if (step.phase() == Phase.CLEANUP) {
                    step.action().run();
                }
            }
        }
    }

    private static long directBuffers() {
        return ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct"))
                .mapToLong(BufferPoolMXBean::getCount)
                .sum();
    }

    @Test
    void aTrialHasAMeasuredStepAndLeavesNothingBehind() throws Exception {
        // given
        target().prepare();
        Params params = new Params(smallVariant());
        workload().preflight(target(), List.of(params));
        List<Step> steps = workload().steps(trial(params));
        // when
        for (Step step : steps) {
            assertThat(step.action().run()).as("metrics of %s", step.name()).isNotNull();
        }
        // then
        assertThat(steps).anyMatch(s -> s.phase() == Phase.MEASURED);
        try (Stream<Path> left = Files.walk(target().directory())) {
            assertThat(left.filter(Files::isRegularFile).toList())
                    .as("files left after clean-up")
                    .isEmpty();
        }
    }
}
