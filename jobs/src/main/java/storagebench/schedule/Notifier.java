package storagebench.schedule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.workload.process.CommandFailedException;
import storagebench.workload.process.ProcessRun;

/**
 * Runs a schedule's {@code notify} command after a checked run, the verdict in its environment
 * ({@code STORAGEBENCH_SCHEDULE}, {@code _RUN_ID}, {@code _EXPERIMENT}, {@code _STATUS}, {@code
 * _REGRESSION} 1 or 0, {@code _VERDICT}); no shell unless the schedule asks. Its output goes to the
 * run's folder; a command that fails is logged, never the run's failure.
 */
final class Notifier {
    private static final Logger log = LoggerFactory.getLogger(Notifier.class);
    static final Duration LIMIT = Duration.ofMinutes(2);

    private Notifier() {}

    /** The variables the command gets. */
    static Map<String, String> environment(
            String schedule,
            String runId,
            String experiment,
            String status,
            boolean regression,
            String verdict) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("STORAGEBENCH_SCHEDULE", schedule);
        env.put("STORAGEBENCH_RUN_ID", runId);
        env.put("STORAGEBENCH_EXPERIMENT", experiment);
        env.put("STORAGEBENCH_STATUS", status);
        env.put("STORAGEBENCH_REGRESSION", regression ? "1" : "0");
        env.put("STORAGEBENCH_VERDICT", verdict);
        return env;
    }

    static void notify(Schedule.Notify notify, Path folder, Map<String, String> verdict) {
        List<String> argv = new ArrayList<>();
        if (notify.shell()) {
            argv.addAll(List.of("sh", "-c", notify.command().get(0)));
        } else {
            argv.addAll(notify.command());
        }
        try {
            Files.createDirectories(folder);
            new ProcessRun(argv, verdict, folder, LIMIT)
                    .run(folder.resolve("notify.out"), folder.resolve("notify.err"));
            log.info(
                    "notified: {} ({})",
                    notify.command().get(0),
                    verdict.get("STORAGEBENCH_VERDICT"));
        } catch (CommandFailedException e) {
            log.warn("the notify command failed: {}", e.getMessage());
        } catch (IOException e) {
            log.warn("the notify command could not be started in {}: {}", folder, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
