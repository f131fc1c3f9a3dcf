package storagebench.workload.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.dbms.DatabaseKind;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.LocalFolder;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;
import storagebench.dbms.ToolEnvironment;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.process.CommandFailedException;
import storagebench.workload.process.OutputParser;
import storagebench.workload.process.OutputParsers;
import storagebench.workload.process.ProcessRun;
import storagebench.workload.sampling.StepSampler;

/**
 * Any program, run once per trial and timed: seed 000's unattended {@code setup.exe} runs, or fio,
 * pgbench, gbak. Factors, including ones that are not parameters, fill {@code {name}} placeholders
 * in the command, the set-up and clean-up commands, the working directory and the environment;
 * {@code {trial}}, {@code {run}} and {@code {out}} (the trial's output directory) are always there.
 * The measured step is {@code run}; {@code setup} and {@code cleanup} are untimed. Each step's
 * standard output and error are kept as {@code <out>/<step>.stdout} and {@code .stderr}.
 */
public final class CommandOnTarget implements Workload {
    static final String COMMAND = "command";
    static final String SHELL = "shell";
    static final String WORKING_DIR = "working-dir";
    static final String TIMEOUT = "timeout";
    static final String SETUP = "setup";
    static final String CLEANUP = "cleanup";
    static final String PARSER = "parser";
    static final String PARSER_FILE = "parser-file";
    static final String PARSER_OPTIONS = "parser-options";
    static final String ENV = "env";

    /** The measured step. */
    static final String RUN = "run";

    static final String SAMPLE_INTERVAL = "sample-interval";
    static final String SAMPLE_DATABASE = "sample-database";

    /** Placeholders every trial has. */
    static final Set<String> BUILT_IN = Set.of("trial", "run", "out");

    private final TargetKind kind;

    /** The command workload on the local target. */
    public CommandOnTarget() {
        this(TargetKind.LOCAL);
    }

    /** The command workload on targets of {@code kind}. */
    public CommandOnTarget(TargetKind kind) {
        this.kind = kind;
    }

    @Override
    public String name() {
        return "command";
    }

    @Override
    public String description() {
        return "run any program per trial, factors substituted into its arguments, timed (seed 000)";
    }

    @Override
    public List<Param> params() {
        List<Param> params =
                new ArrayList<>(
                        List.of(
                                Param.required(
                                        COMMAND,
                                        ParamType.TEXT,
                                        "the program and its arguments: blanks separate, "
                                                + "'...' and \"...\" group, \\ escapes; {factor}, {trial}, {run}, {out} are filled in"),
                                Param.optional(
                                        SHELL,
                                        ParamType.BOOLEAN,
                                        "false",
                                        "run each command as /bin/sh -c <text> instead"),
                                Param.optional(
                                        WORKING_DIR,
                                        ParamType.TEXT,
                                        "",
                                        "where the commands run; default: the target "
                                                + "directory (on a database target: the trial's output directory)"),
                                Param.optional(
                                        TIMEOUT,
                                        ParamType.DURATION,
                                        "0s",
                                        "longest a command may run, e.g. 90s or 10m; "
                                                + "then its process tree is killed; 0s: no limit"),
                                Param.optional(
                                        SETUP,
                                        ParamType.TEXT,
                                        "",
                                        "command run before the measured one, untimed"),
                                Param.optional(
                                        CLEANUP,
                                        ParamType.TEXT,
                                        "",
                                        "command run after it, untimed, also after a failure"),
                                Param.optional(
                                        ENV,
                                        ParamType.TEXT,
                                        "",
                                        "extra environment, NAME=value;NAME2=value"),
                                Param.choice(
                                        PARSER,
                                        OutputParsers.names(),
                                        OutputParsers.NONE,
                                        "an importer format that reads "
                                                + "the output after the timed span, into sub-steps run.<step> and metrics <step>.<metric>; "
                                                + "none: only exit_code, stdout_bytes and stderr_bytes"),
                                Param.optional(
                                        PARSER_FILE,
                                        ParamType.TEXT,
                                        "",
                                        "the file the parser reads, e.g. {out}/fio.json; "
                                                + "default: the run step's standard output"),
                                Param.optional(
                                        PARSER_OPTIONS,
                                        ParamType.TEXT,
                                        "",
                                        "the parser's options, NAME=value;NAME=value "
                                                + "(as import --option)")));
        if (kind.isDatabase()) {
            params.add(
                    Param.optional(
                            SAMPLE_INTERVAL,
                            ParamType.DURATION,
                            "1s",
                            "how often the server's IO "
                                    + "counters are sampled into IoSamples while the command runs (second connection); 0s: never"));
        }
        if (kind.isDatabase() && kind.database().ioCountersPerDatabase()) {
            params.add(
                    Param.optional(
                            SAMPLE_DATABASE,
                            ParamType.TEXT,
                            "",
                            "the database whose files are sampled "
                                    + "(sys.dm_io_virtual_file_stats); empty: the url's databaseName, if any"));
        }
        return params;
    }

    @Override
    public boolean acceptsExtraFactors() {
        return true;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        if (target instanceof DatabaseTarget db) {
            ToolEnvironment.of(db);
            for (Params variant : variants) {
                new CommandPreflight(CommandSettings.of(variant), variant, null).check();
            }
            return;
        }
        LocalFolder local = LocalFolder.of(target, "command");
        local.prepare();
        for (Params variant : variants) {
            new CommandPreflight(CommandSettings.of(variant), variant, local.directory()).check();
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        CommandSettings settings = CommandSettings.of(trial.params());
        Map<String, String> values = values(trial);
        DatabaseTarget db = trial.target() instanceof DatabaseTarget t ? t : null;
        Path dir =
                db == null
                        ? LocalFolder.of(trial.target(), "command").directory()
                        : trial.outputDir();
        Map<String, String> server = db == null ? Map.of() : ToolEnvironment.of(db);
        StepSampler sampler = db == null ? null : sampler(db, trial);
        OutputParser parser = OutputParsers.find(settings.parser()).orElseThrow();
        List<Step> steps = new ArrayList<>();
        if (!settings.setup().isBlank()) {
            ProcessRun setup = settings.run(settings.setup(), values, dir).withServer(server);
            steps.add(Step.setup(SETUP, () -> execute(setup, trial.outputDir(), SETUP)));
        }
        if (sampler != null) {
            steps.add(
                    Step.setup(
                            "connect-sampler",
                            () -> {
                                sampler.open();
                                return Map.of();
                            }));
        }
        ProcessRun run = settings.run(settings.command(), values, dir).withServer(server);
        Step measured =
                Step.measured(
                        RUN,
                        () -> {
                            if (sampler != null) {
                                sampler.start();
                            }
                            return execute(run, trial.outputDir(), RUN);
                        });
        Path output =
                OutputParsers.NONE.equals(settings.parser())
                        ? null
                        : settings.parserFile(values, dir, trial.outputDir());
        Map<String, String> options = settings.parserOptions(values);
        if (sampler != null || output != null) {
            measured =
                    measured.then(
                            result -> {
                                Map<String, Double> metrics = new LinkedHashMap<>();
                                if (sampler != null) {
                                    metrics.putAll(sampler.stopAndCount());
                                }
                                if (output != null) {
                                    metrics.putAll(
                                            parser.parse(output, options, result, trial::emit));
                                }
                                return metrics;
                            });
        }
        steps.add(measured);
        if (!settings.cleanup().isBlank()) {
            ProcessRun cleanup = settings.run(settings.cleanup(), values, dir).withServer(server);
            steps.add(Step.cleanup(CLEANUP, () -> execute(cleanup, trial.outputDir(), CLEANUP)));
        }
        if (sampler != null) {
            steps.add(
                    Step.cleanup(
                            "close-sampler",
                            () -> {
                                sampler.close();
                                return Map.of();
                            }));
        }
        return steps;
    }

    /**
     * The server's IO counters while the command runs, or null when nothing is sampled (sample-interval
     * 0s; on SQL Server, no sample-database and no databaseName in the url). PostgreSQL: the target's
     * database, the WAL and the buffers written; Firebird: the target's database and its attachments;
     * SQL Server: the files of that database.
     */
    private static StepSampler sampler(DatabaseTarget db, TrialContext trial) {
        Duration interval = trial.params().getDuration(SAMPLE_INTERVAL);
        String parameter = "^$";
        DatabaseKind kind = db.kind().database();
        if (kind.ioCountersPerDatabase()) {
            String database = trial.params().getText(SAMPLE_DATABASE);
            parameter = database.isBlank() ? kind.urlDatabase(db).orElse(null) : database;
        }
        if (interval.isZero() || parameter == null || parameter.isBlank()) {
            return null;
        }
        return new StepSampler(db, db.url(), trial, RUN, interval, parameter);
    }

    private static Map<String, Double> execute(ProcessRun run, Path outputDir, String step)
            throws IOException, CommandFailedException, InterruptedException {
        Files.createDirectories(outputDir);
        ProcessRun.Result result =
                run.run(outputDir.resolve(step + ".stdout"), outputDir.resolve(step + ".stderr"));
        return Map.of(
                "exit_code",
                (double) result.exitCode(),
                "stdout_bytes",
                (double) result.stdoutBytes(),
                "stderr_bytes",
                (double) result.stderrBytes());
    }

    /** The placeholder values of a trial: its parameters, its factors as written, and the built-ins. */
    static Map<String, String> values(TrialContext trial) {
        Map<String, String> values = new HashMap<>();
        trial.params().values().forEach((name, value) -> values.put(name, String.valueOf(value)));
        values.putAll(trial.factors());
        values.put("trial", trial.trialId());
        values.put("run", trial.runId());
        values.put("out", trial.outputDir().toString());
        return values;
    }
}
