package storagebench.dbms;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.config.ConfigNode;

/**
 * Where a database target's password comes from: an environment variable ({@code password-env}) or a
 * file outside the repository ({@code password-file}), never the YAML itself, which is stored with
 * every run. Read only when connecting.
 *
 * @param env the environment variable's name, or null
 * @param file the password file, or null
 */
public record PasswordSource(String env, Path file) {
    static final PasswordSource NONE = new PasswordSource(null, null);
    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

    /** Reads {@code password-env} or {@code password-file}; refuses an inline {@code password}. */
    static PasswordSource read(ConfigNode node) {
        ConfigNode inline = node.get("password");
        if (inline != null) {
            throw inline.error(
                    "an inline password is refused: the config is stored with every run. Use "
                            + "password-env: NAME (an environment variable holding it) or password-file: PATH (a file "
                            + "outside the repository)");
        }
        ConfigNode env = node.get("password-env");
        ConfigNode file = node.get("password-file");
        if (env != null && file != null) {
            throw file.error("give password-env or password-file, not both");
        }
        if (env != null) {
            String name = env.text().strip();
            if (!ENV_NAME.matcher(name).matches()) {
                throw env.error("'" + name + "' is not an environment variable name");
            }
            return new PasswordSource(name, null);
        }
        if (file != null) {
            Path path = Path.of(file.text().strip()).toAbsolutePath().normalize();
            Path repo = workTree(path);
            if (repo != null) {
                throw file.error(
                        path
                                + " is inside the git work tree "
                                + repo
                                + "; keep password files outside the repository");
            }
            return new PasswordSource(null, path);
        }
        return NONE;
    }

    private static Path workTree(Path file) {
        for (Path dir = file.getParent(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return dir;
            }
        }
        return null;
    }

    /** The password, or empty when none is configured; a missing variable or file is bad input. */
    public Optional<String> resolve() {
        if (env != null) {
            String value = System.getenv(env);
            if (value == null || value.isEmpty()) {
                throw new BadInputException(
                        "the environment variable "
                                + env
                                + " (target password-env) is not set; set it to the target's password");
            }
            return Optional.of(value);
        }
        if (file != null) {
            try {
                return Optional.of(Files.readString(file).strip());
            } catch (IOException e) {
                throw new BadInputException(
                        "cannot read the password file "
                                + file
                                + " (target password-file): "
                                + e.getClass().getSimpleName());
            }
        }
        return Optional.empty();
    }

    /** Where the password came from, for messages: never the password. */
    String describe() {
        return env != null
                ? "password from environment variable " + env
                : file != null ? "password from " + file : "no password";
    }
}
