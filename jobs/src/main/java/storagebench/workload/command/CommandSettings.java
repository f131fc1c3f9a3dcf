package storagebench.workload.command;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.workload.Params;
import storagebench.workload.process.CommandLineSplitter;
import storagebench.workload.process.ParserOptionsText;
import storagebench.workload.process.Placeholders;
import storagebench.workload.process.ProcessRun;

/**
 * The command workload's parameters for one variant, and how a command text becomes a
 * {@link ProcessRun}: split into arguments (or handed to {@code /bin/sh -c} when {@code shell}),
 * then placeholders filled in argument by argument, so a value with blanks stays one argument.
 */
record CommandSettings(
        String command,
        boolean shell,
        String workingDir,
        Duration timeout,
        String setup,
        String cleanup,
        String env,
        String parser,
        String parserFile,
        String parserOptions) {
    static final String SHELL = "/bin/sh";

    static CommandSettings of(Params p) {
        Duration timeout = p.getDuration(CommandOnTarget.TIMEOUT);
        return new CommandSettings(
                p.getText(CommandOnTarget.COMMAND),
                p.getBoolean(CommandOnTarget.SHELL),
                p.getText(CommandOnTarget.WORKING_DIR),
                timeout.isZero() ? null : timeout,
                p.getText(CommandOnTarget.SETUP),
                p.getText(CommandOnTarget.CLEANUP),
                p.getText(CommandOnTarget.ENV),
                p.getText(CommandOnTarget.PARSER),
                p.getText(CommandOnTarget.PARSER_FILE),
                p.getText(CommandOnTarget.PARSER_OPTIONS));
    }

    /** The commands to run, by parameter name: command, and setup and cleanup when given. */
    Map<String, String> commands() {
        Map<String, String> commands = new LinkedHashMap<>();
        commands.put(CommandOnTarget.SETUP, setup);
        commands.put(CommandOnTarget.COMMAND, command);
        commands.put(CommandOnTarget.CLEANUP, cleanup);
        commands.values().removeIf(String::isBlank);
        return commands;
    }

    /** Every text that may hold placeholders, by parameter name: the commands, working-dir, env and the parser's. */
    Map<String, String> texts() {
        Map<String, String> texts = commands();
        texts.put(CommandOnTarget.WORKING_DIR, workingDir);
        texts.put(CommandOnTarget.ENV, env);
        texts.put(CommandOnTarget.PARSER_FILE, parserFile);
        texts.put(CommandOnTarget.PARSER_OPTIONS, parserOptions);
        texts.values().removeIf(String::isBlank);
        return texts;
    }

    /** The program and its arguments before placeholders are filled in. */
    List<String> rawArgv(String text) {
        return shell ? List.of(SHELL, "-c", text) : CommandLineSplitter.split(text);
    }

    ProcessRun run(String text, Map<String, String> values, Path targetDir) {
        List<String> argv =
                rawArgv(text).stream().map(a -> Placeholders.substitute(a, values)).toList();
        return new ProcessRun(argv, environment(values), directory(values, targetDir), timeout);
    }

    Map<String, String> environment(Map<String, String> values) {
        Map<String, String> vars = EnvironmentText.parse(env);
        vars.replaceAll((name, value) -> Placeholders.substitute(value, values));
        return vars;
    }

    /** The working directory: the target directory unless {@code working-dir} is given. */
    Path directory(Map<String, String> values, Path targetDir) {
        return workingDir.isBlank()
                ? targetDir
                : Path.of(Placeholders.substitute(workingDir, values)).toAbsolutePath().normalize();
    }

    /**
     * The file the parser reads: {@code parser-file} with placeholders filled in (relative to the
     * working directory), or the run step's standard output.
     */
    Path parserFile(Map<String, String> values, Path targetDir, Path outputDir) {
        if (parserFile.isBlank()) {
            return outputDir.resolve(CommandOnTarget.RUN + ".stdout");
        }
        return directory(values, targetDir)
                .resolve(Placeholders.substitute(parserFile, values))
                .normalize();
    }

    /** {@code parser-options} as NAME=value pairs, placeholders filled in. */
    Map<String, String> parserOptions(Map<String, String> values) {
        Map<String, String> options = ParserOptionsText.parse(parserOptions);
        options.replaceAll((name, value) -> Placeholders.substitute(value, values));
        return options;
    }
}
