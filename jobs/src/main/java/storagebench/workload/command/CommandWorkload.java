package storagebench.workload.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.BadInputException;
import storagebench.target.LocalTarget;
import storagebench.target.Target;
import storagebench.target.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Any program, run once per trial and timed: seed 000's unattended {@code setup.exe} runs, or fio,
 * pgbench, gbak. Factors, including ones that are not parameters, fill {@code {name}} placeholders
 * in the command, the set-up and clean-up commands, the working directory and the environment;
 * {@code {trial}}, {@code {run}} and {@code {out}} (the trial's output directory) are always there.
 * The measured step is {@code run}; {@code setup} and {@code cleanup} are untimed. Each step's
 * standard output and error are kept as {@code <out>/<step>.stdout} and {@code .stderr}.
 */
public final class CommandWorkload implements Workload {
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
    /** Placeholders every trial has. */
    static final Set<String> BUILT_IN = Set.of("trial", "run", "out");

    /** Local only: it runs programs or does IO on this host's disk. */
    @Override
    public Workload on(TargetKind kind) {
        if (kind != TargetKind.LOCAL) {
            throw new IllegalArgumentException("%s runs on the local target only; %s is a database target"
                    .formatted(name(), kind.yamlName()));
        }
        return this;
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
        return List.of(
                Param.required(COMMAND, ParamType.TEXT, "the program and its arguments: blanks separate, "
                        + "'...' and \"...\" group, \\ escapes; {factor}, {trial}, {run}, {out} are filled in"),
                Param.optional(SHELL, ParamType.BOOLEAN, "false", "run each command as /bin/sh -c <text> instead"),
                Param.optional(WORKING_DIR, ParamType.TEXT, "", "where the commands run; default: the target "
                        + "directory"),
                Param.optional(TIMEOUT, ParamType.DURATION, "0s", "longest a command may run, e.g. 90s or 10m; "
                        + "then its process tree is killed; 0s: no limit"),
                Param.optional(SETUP, ParamType.TEXT, "", "command run before the measured one, untimed"),
                Param.optional(CLEANUP, ParamType.TEXT, "", "command run after it, untimed, also after a failure"),
                Param.optional(ENV, ParamType.TEXT, "", "extra environment, NAME=value;NAME2=value"),
                Param.choice(PARSER, OutputParsers.names(), OutputParsers.NONE, "an importer format that reads "
                        + "the output after the timed span, into sub-steps run.<step> and metrics <step>.<metric>; "
                        + "none: only exit_code, stdout_bytes and stderr_bytes"),
                Param.optional(PARSER_FILE, ParamType.TEXT, "", "the file the parser reads, e.g. {out}/fio.json; "
                        + "default: the run step's standard output"),
                Param.optional(PARSER_OPTIONS, ParamType.TEXT, "", "the parser's options, NAME=value;NAME=value "
                        + "(as import --option)"));
    }

    @Override
    public boolean acceptsExtraFactors() {
        return true;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        LocalTarget local = local(target);
        local.prepare();
        for (Params variant : variants) {
            new CommandPreflight(CommandSettings.of(variant), variant, local.directory()).check();
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        CommandSettings settings = CommandSettings.of(trial.params());
        Map<String, String> values = values(trial);
        Path dir = local(trial.target()).directory();
        OutputParser parser = OutputParsers.find(settings.parser()).orElseThrow();
        List<Step> steps = new ArrayList<>();
        if (!settings.setup().isBlank()) {
            ProcessRun setup = settings.run(settings.setup(), values, dir);
            steps.add(Step.setup(SETUP, () -> execute(setup, trial.outputDir(), SETUP)));
        }
        ProcessRun run = settings.run(settings.command(), values, dir);
        Step measured = Step.measured(RUN, () -> execute(run, trial.outputDir(), RUN));
        if (!OutputParsers.NONE.equals(settings.parser())) {
            Path output = settings.parserFile(values, dir, trial.outputDir());
            Map<String, String> options = settings.parserOptions(values);
            measured = measured.then(result -> parser.parse(output, options, result, trial::emit));
        }
        steps.add(measured);
        if (!settings.cleanup().isBlank()) {
            ProcessRun cleanup = settings.run(settings.cleanup(), values, dir);
            steps.add(Step.cleanup(CLEANUP, () -> execute(cleanup, trial.outputDir(), CLEANUP)));
        }
        return steps;
    }

    private static Map<String, Double> execute(ProcessRun run, Path outputDir, String step)
            throws IOException, CommandFailedException, InterruptedException {
        Files.createDirectories(outputDir);
        ProcessRun.Result result = run.run(outputDir.resolve(step + ".stdout"), outputDir.resolve(step + ".stderr"));
        return Map.of("exit_code", (double) result.exitCode(), "stdout_bytes", (double) result.stdoutBytes(),
                "stderr_bytes", (double) result.stderrBytes());
    }

    /** The placeholder values of a trial: its parameters, its factors as written, and the built-ins. */
    static Map<String, String> values(TrialContext trial) {
        Map<String, String> values = new HashMap<>();
        trial.params().values().forEach((name, value) -> values.put(name, String.valueOf(value)));
        values.putAll(trial.factors());
        values.put("trial", trial.trialId());
        values.put("run", trial.runId());
        values.put("out", trial.outputDir().toAbsolutePath().toString());
        return values;
    }

    private static LocalTarget local(Target target) {
        if (target instanceof LocalTarget local) {
            return local;
        }
        throw new BadInputException("command runs on the local target only in this version");
    }
}
