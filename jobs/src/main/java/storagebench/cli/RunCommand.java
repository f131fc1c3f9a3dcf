package storagebench.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.EventPublisher;
import storagebench.events.EventSizeLimit;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunEnds;
import storagebench.runner.RunLauncher;
import storagebench.runner.RunStop;
import storagebench.runner.Runner;

/** {@code run}: executes an experiment, sinks its events to the dataset and prints its summary. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Runs an experiment declared in YAML: every trial timed, every result an event.",
            "Then sinks the topic to the Parquet dataset and prints the run's summary."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench run pipeline-config/local/file-init.yaml",
            "  storagebench run --restart 20261130-101500-a3f9"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run completed and every trial succeeded",
            "1:a trial failed, or the run did not complete (broker lost, disk full, an error); continue it with"
                    + " --restart RUN_ID",
            "2:bad input: a bad experiment file, --override or option; nothing was run",
            "130:stopped by Ctrl-C (SIGINT): the trial under way was cleaned up; continue with --restart",
            "143:stopped by SIGTERM, as 130"
        })
public final class RunCommand implements Callable<Integer> {
    @Mixin SettingsOptions settingsOptions;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "EXPERIMENT.yaml",
            description = "The experiment to run.")
    Path experiment;

    @Option(
            names = "--restart",
            paramLabel = "RUN_ID",
            description = "Continue an interrupted run at its first unfinished trial.")
    String restartRunId;

    @Option(
            names = "--override",
            paramLabel = "KEY=VALUE",
            description =
                    "Set a value of the experiment before it is checked (repeatable; kept with the"
                            + " run), e.g. factors.threads=[1,2] or workload.rows=500.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(
            names = "--no-sink",
            description = "Only publish events; do not update the Parquet dataset.")
    boolean noSink;

    @Option(names = "--no-report", description = "Do not print the summary at the end.")
    boolean noReport;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description =
                    "After the run is sunk, write the HTML report of its experiment (every run of it) to"
                            + " FILE and print its path (an HTML page there is replaced, any other file"
                            + " refused before the run starts).")
    Path html;

    @Override
    public Integer call() {
        if ((experiment == null) == (restartRunId == null)) {
            throw new BadInputException("give either an experiment YAML file or --restart RUN_ID");
        }
        if (restartRunId != null && !overrides.isEmpty()) {
            throw new BadInputException(
                    "--override applies to a new run; a restarted run keeps its own");
        }
        if (html != null && noSink) {
            throw new BadInputException("--html reads the dataset: it cannot go with --no-sink");
        }
        if (html != null) {
            OutputFile.HTML.mayReplace("--html", html);
        }
        Settings settings = settingsOptions.load();
        DataDir.check(settings.dataDir());
        ExperimentRun run =
                restartRunId != null
                        ? ExperimentRun.prepareRestart(settings, restartRunId)
                        : ExperimentRun.prepare(settings, experiment, overrides);
        // its RunStarted carries the config: refused here, before the broker starts, if too large
        EventSizeLimit.of(settings)
                .checkConfig(
                        restartRunId != null
                                ? run.runDir().resolve("experiment.yaml").toString()
                                : experiment.toString(),
                        run.experiment().source());
        // a bad config leaves no data directory behind: made only once the run is sure to start
        DataDir.prepare(settings.dataDir());
        RunStop stop = new RunStop();
        try (Signals signals = Signals.stopping(stop)) {
            return signals.exitCode(runAndSay(settings, run, stop));
        }
    }

    /** Runs, sinks and reports, and says how the run ended. */
    private int runAndSay(Settings settings, ExperimentRun run, RunStop stop) {
        Runner.Outcome outcome;
        String again = "; continue it with: storagebench run --restart " + run.runId();
        String[] servers = {"the broker"};
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            servers[0] = kafka.bootstrapServers();
            RunEnds.publishKept(settings, kafka);
            outcome = new RunLauncher(settings, kafka).launch(run, stop);
            System.out.printf(
                    "run %s: %s, %d trial(s), %d failed%n",
                    run.runId(), outcome.status(), outcome.trials(), outcome.failures());
            if (!noSink && !outcome.brokerLost() && !outcome.diskFull() && !stop.requested()) {
                Finish.sinkAndReport(settings, kafka, run, noReport);
                if (html != null) {
                    Finish.html(settings, run, html);
                }
            }
        } catch (KafkaConnection.KafkaUnavailableException
                | EventPublisher.PublishException
                | KafkaException e) {
            if (!run.restart()) {
                throw e;
            }
            // a restart that lost the broker before its job began: the run is as it was
            String why =
                    e.getMessage() != null
                                    && (e.getMessage().contains("answer")
                                            || e.getMessage().contains("reach"))
                            ? e.getMessage()
                            : "Kafka at " + servers[0] + " did not answer (" + e.getMessage() + ")";
            System.err.println("run " + run.runId() + " did not continue: " + why + again);
            return Main.FAILED;
        }
        if (stop.requested()) {
            System.err.println(
                    "run "
                            + run.runId()
                            + " stopped by "
                            + stop.reason()
                            + ": the trial under way was abandoned and cleaned up"
                            + again);
            return Main.FAILED;
        }
        if (!outcome.completed()) {
            System.err.println(
                    "run "
                            + run.runId()
                            + " did not complete"
                            + (outcome.error() == null ? "" : ": " + outcome.error())
                            + again);
            return Main.FAILED;
        }
        return outcome.failures() == 0 ? 0 : Main.FAILED;
    }
}
