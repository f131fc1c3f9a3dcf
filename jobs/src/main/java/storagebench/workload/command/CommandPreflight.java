package storagebench.workload.command;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import storagebench.BadInputException;
import storagebench.config.SecretReferences;
import storagebench.workload.Params;
import storagebench.workload.process.Executables;
import storagebench.workload.process.OutputParsers;
import storagebench.workload.process.ParserOptionsText;
import storagebench.workload.process.Placeholders;

/**
 * Checks one variant of a command experiment before anything runs: every text splits, every
 * placeholder is known, the environment is well formed, the working directory exists and the
 * program can be started. What depends on {@code {trial}}, {@code {run}} or {@code {out}} (which
 * exist only during the trial) is checked as far as it can be.
 */
final class CommandPreflight {
    private final CommandSettings settings;
    private final Params variant;
    private final Path targetDir;

    CommandPreflight(CommandSettings settings, Params variant, Path targetDir) {
        this.settings = settings;
        this.variant = variant;
        this.targetDir = targetDir;
    }

    void check() {
        for (String reserved : CommandOnTarget.BUILT_IN) {
            if (variant.values().containsKey(reserved)) {
                throw fail(
                        "a factor may not be named '"
                                + reserved
                                + "': {"
                                + reserved
                                + "} is built in");
            }
        }
        settings.texts().forEach(this::checkPlaceholders);
        try {
            EnvironmentText.parse(settings.env());
        } catch (IllegalArgumentException e) {
            throw fail(CommandOnTarget.ENV + ": " + e.getMessage());
        }
        try {
            OutputParsers.checkOptions(
                    settings.parser(), ParserOptionsText.parse(settings.parserOptions()));
        } catch (IllegalArgumentException | BadInputException e) {
            throw fail(CommandOnTarget.PARSER_OPTIONS + ": " + e.getMessage());
        }
        settings.commands()
                .forEach(
                        (param, text) -> {
                            try {
                                settings.rawArgv(text);
                            } catch (IllegalArgumentException e) {
                                throw fail(param + ": " + e.getMessage());
                            }
                        });
        Map<String, String> values = new HashMap<>();
        variant.values().forEach((name, value) -> values.put(name, String.valueOf(value)));
        Path dir = null;
        if (!perTrial(settings.workingDir())
                && (targetDir != null || !settings.workingDir().isBlank())) {
            dir = settings.directory(values, targetDir);
            if (!Files.isDirectory(dir)) {
                throw fail("working-dir " + dir + " is not a directory");
            }
        }
        for (Map.Entry<String, String> command : settings.commands().entrySet()) {
            checkProgram(
                    command.getKey(), settings.rawArgv(command.getValue()).get(0), values, dir);
        }
    }

    private void checkPlaceholders(String param, String text) {
        Set<String> names;
        try {
            names = Placeholders.names(text);
        } catch (IllegalArgumentException e) {
            throw fail(param + ": " + e.getMessage());
        }
        for (String name : names) {
            if (!variant.values().containsKey(name) && !CommandOnTarget.BUILT_IN.contains(name)) {
                Set<String> known = new TreeSet<>(variant.values().keySet());
                new CommandOnTarget().params().forEach(p -> known.remove(p.name()));
                known.addAll(CommandOnTarget.BUILT_IN);
                throw fail(
                        param
                                + ": unknown placeholder {"
                                + name
                                + "}; known: "
                                + String.join(", ", known.stream().map(n -> "{" + n + "}").toList())
                                + " and the workload's parameters (write {{ and }} for literal braces)");
            }
        }
    }

    /** Checks the program unless it depends on the trial; {@code dir} is null when the working dir does. */
    private void checkProgram(String param, String raw, Map<String, String> values, Path dir) {
        if (perTrial(raw) || SecretReferences.holds(raw)) {
            return;
        }
        String program = Placeholders.substitute(raw, values);
        Executables.problem(program, dir)
                .ifPresent(
                        problem -> {
                            throw fail(param + ": cannot run " + problem);
                        });
    }

    /** Whether the text names a placeholder that only a running trial has. */
    private static boolean perTrial(String text) {
        return !Collections.disjoint(Placeholders.names(text), CommandOnTarget.BUILT_IN);
    }

    private static BadInputException fail(String reason) {
        return new BadInputException("command workload: " + reason);
    }
}
