package storagebench.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import storagebench.BadInputException;
import storagebench.config.Settings;
import storagebench.events.TargetSnapshot;
import storagebench.experiment.ConfigLines;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;
import storagebench.workload.Params;

/**
 * One run of an experiment, checked before anything runs ({@link RunLauncher} runs it); the config
 * as run is kept under {@code <data>/runs/<run-id>/} so the run can be continued.
 *
 * @param runId the run's id
 * @param runDir where its files are kept
 * @param experiment the checked experiment
 * @param plan its trials
 * @param restart whether this continues an earlier, interrupted run
 * @param target what the target was when the run was checked (for a database: probed, so a server that
 *     cannot be reached or refuses the login stops the run before anything else starts)
 */
public record ExperimentRun(
        String runId,
        Path runDir,
        Experiment experiment,
        TrialPlan plan,
        boolean restart,
        TargetSnapshot target) {
    static final String CONFIG_FILE = "experiment.yaml";

    /** How many runs {@link #latestRuns} names. */
    private static final int LATEST_RUNS = 5;

    /** Loads and checks a new run of the experiment in {@code yaml} with {@code --override}s; writes nothing yet. */
    public static ExperimentRun prepare(
            Settings settings, Path yaml, Map<String, String> overrides) {
        Experiment experiment = new ExperimentLoader(settings.dataDir()).load(yaml, overrides);
        String runId = newRunId();
        return checked(
                runId, settings.runsDir().resolve(runId), experiment, false, yaml.toString());
    }

    /** Loads the config an interrupted run was started with. */
    public static ExperimentRun prepareRestart(Settings settings, String runId) {
        RunId.validate(runId, "--restart");
        Path runDir = settings.runsDir().resolve(runId);
        Path config = runDir.resolve(CONFIG_FILE);
        if (!Files.isRegularFile(config)) {
            throw new BadInputException(
                    "no run "
                            + runId
                            + " under "
                            + settings.runsDir()
                            + " (missing "
                            + config
                            + ")"
                            + latestRuns(settings.runsDir()));
        }
        Experiment experiment = new ExperimentLoader(settings.dataDir()).loadStored(config);
        return checked(runId, runDir, experiment, true, config.toString());
    }

    /**
     * {@code "; the latest runs there are: a, b"}: the newest runs under {@code runsDir} that can be
     * continued (their ids sort by the time they started), or empty where there is none.
     */
    private static String latestRuns(Path runsDir) {
        if (!Files.isDirectory(runsDir)) {
            return "";
        }
        try (Stream<Path> runs = Files.list(runsDir)) {
            List<String> ids =
                    runs.filter(r -> Files.isRegularFile(r.resolve(CONFIG_FILE)))
                            .map(r -> r.getFileName().toString())
                            .sorted(Comparator.reverseOrder())
                            .limit(LATEST_RUNS)
                            .toList();
            return ids.isEmpty() ? "" : "; the latest runs there are: " + String.join(", ", ids);
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    private static ExperimentRun checked(
            String runId, Path runDir, Experiment e, boolean restart, String file) {
        TrialPlan plan = TrialPlan.of(e);
        try {
            e.workload().preflight(e.target(), plan.variants().stream().map(e::params).toList());
        } catch (BadInputException | IllegalArgumentException refused) {
            // a name with SQL in it, a size the target refuses: said with the file and line
            throw ConfigLines.locate(file, e.source(), refused);
        }
        return new ExperimentRun(runId, runDir, e, plan, restart, e.target().snapshot());
    }

    static String newRunId() {
        String time =
                LocalDateTime.now(ZoneOffset.UTC)
                        .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return time
                + "-"
                + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    }

    /** The typed parameters of every variant, for checks. */
    public List<Params> variantParams() {
        return plan.variants().stream().map(experiment::params).toList();
    }
}
