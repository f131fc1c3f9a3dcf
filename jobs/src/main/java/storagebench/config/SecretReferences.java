package storagebench.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import storagebench.BadInputException;

/**
 * {@code ${env:NAME}}, {@code ${env:NAME:-DEFAULT}} and {@code ${file:PATH}} in a config value: the
 * secret (or the address of a server started elsewhere) stays out of the config. The reference is what
 * is stored, published and shown; its value is read only when the command runs or the connection is
 * made ({@link #resolve}). A file's value is its text without the line end; a variable not set or empty
 * takes the default, if one is written.
 */
public final class SecretReferences {
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{(env|file):([^}\\n]*)}");
    private static final Pattern OPENED = Pattern.compile("\\$\\{(env|file):");
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final String DEFAULT = ":-";

    private SecretReferences() {}

    /** Whether the text holds a reference. */
    public static boolean holds(String text) {
        return text != null && REFERENCE.matcher(text).find();
    }

    /** Where a reference starts at {@code i}, the index after its closing brace; else -1. */
    public static int endAt(String text, int i) {
        Matcher m = REFERENCE.matcher(text).region(i, text.length());
        return m.lookingAt() ? m.end() : -1;
    }

    /** The text with every reference replaced by its value; a variable not set or a file not read is bad input. */
    public static String resolve(String text) {
        return resolve(text, System::getenv);
    }

    static String resolve(String text, UnaryOperator<String> env) {
        if (text == null || !text.contains("${")) {
            return text;
        }
        Matcher m = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        int after = 0;
        while (m.find()) {
            unclosed(text, after, m.start());
            m.appendReplacement(out, Matcher.quoteReplacement(value(m, env)));
            after = m.end();
        }
        unclosed(text, after, text.length());
        return m.appendTail(out).toString();
    }

    /** A reference begun between {@code from} and {@code to} is one without its closing brace. */
    private static void unclosed(String text, int from, int to) {
        Matcher opened = OPENED.matcher(text).region(from, to);
        if (opened.find()) {
            String start =
                    text.substring(opened.start(), Math.min(text.length(), opened.end() + 20));
            throw new BadInputException(
                    "'"
                            + start.lines().findFirst().orElse(start)
                            + "…': a reference is closed by '}' on the same line");
        }
    }

    private static String value(Matcher m, UnaryOperator<String> env) {
        String reference = m.group();
        String target = m.group(2).strip();
        if (m.group(1).equals("env")) {
            int split = m.group(2).indexOf(DEFAULT);
            String name = split < 0 ? target : m.group(2).substring(0, split).strip();
            if (!ENV_NAME.matcher(name).matches()) {
                throw new BadInputException(
                        reference
                                + ": '"
                                + name
                                + "' is not an environment variable name"
                                + (split < 0 && name.contains(":")
                                        ? " (a default is written ${env:NAME:-DEFAULT})"
                                        : ""));
            }
            String value = env.apply(name);
            if (value != null && !value.isEmpty()) {
                return value;
            }
            if (split < 0) {
                throw new BadInputException(
                        reference + ": the environment variable " + name + " is not set");
            }
            String fallback = m.group(2).substring(split + DEFAULT.length());
            if (fallback.isBlank()) {
                throw new BadInputException(
                        reference + ": the default after ':-' is empty; write one, or drop ':-'");
            }
            return fallback;
        }
        if (target.isEmpty()) {
            throw new BadInputException(reference + ": no file named");
        }
        try {
            return Files.readString(Path.of(target)).replaceFirst("\\R$", "");
        } catch (IOException | RuntimeException e) {
            throw new BadInputException(
                    reference
                            + ": cannot read the file "
                            + Path.of(target).toAbsolutePath()
                            + " ("
                            + e.getClass().getSimpleName()
                            + ")");
        }
    }

    /**
     * Checks every reference of a config at load, so that a variable not set or a file not readable
     * exits 2 naming the file, line and key before anything runs; nothing resolved is kept.
     *
     * @param origins nodes given by {@code --override}, as {@link ConfigNode} takes them
     */
    public static void check(String file, Node root, Map<Node, String> origins) {
        check(file, "", root, origins, System::getenv);
    }

    static void check(
            String file,
            String path,
            Node node,
            Map<Node, String> origins,
            UnaryOperator<String> env) {
        if (node instanceof ScalarNode scalar) {
            try {
                resolve(scalar.getValue(), env);
            } catch (BadInputException e) {
                throw new ConfigNode(file, path, node, origins).error(e.getMessage());
            }
        } else if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                check(file, path + "[" + i + "]", sequence.getValue().get(i), origins, env);
            }
        } else if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                String key = tuple.getKeyNode() instanceof ScalarNode k ? k.getValue() : "?";
                check(
                        file,
                        path.isEmpty() ? key : path + "." + key,
                        tuple.getValueNode(),
                        origins,
                        env);
            }
        }
    }
}
