package storagebench.dbms;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * The Firebird server the tests may use, from the variables {@code .ci/db-servers.sh start} prints:
 * STORAGEBENCH_FB_URL, STORAGEBENCH_FB_USER, STORAGEBENCH_FB_PASSWORD, STORAGEBENCH_FB_DATABASE_ROOT.
 * Without them the tests that need it are skipped, saying so.
 */
public final class FirebirdEnv {
    private FirebirdEnv() {}

    /** Skips the calling test, with a visible reason, when no server is configured. */
    public static void assume() {
        boolean set =
                url() != null
                        && !url().isBlank()
                        && System.getenv("STORAGEBENCH_FB_PASSWORD") != null;
        if (!set) {
            System.err.println(
                    "SKIPPED: STORAGEBENCH_FB_URL/USER/PASSWORD are not set, so the Firebird tests "
                            + "do not run; start a server with: eval \"$(.ci/db-servers.sh start firebird)\"");
        }
        Assumptions.assumeTrue(
                set,
                "STORAGEBENCH_FB_URL, STORAGEBENCH_FB_USER and STORAGEBENCH_FB_PASSWORD are "
                        + "not set: Firebird tests skipped (eval \"$(.ci/db-servers.sh start firebird)\" sets them)");
    }

    public static String url() {
        return System.getenv("STORAGEBENCH_FB_URL");
    }

    public static String user() {
        String user = System.getenv("STORAGEBENCH_FB_USER");
        return user == null ? "SYSDBA" : user;
    }

    public static String password() {
        return System.getenv("STORAGEBENCH_FB_PASSWORD");
    }

    public static Path databaseRoot() {
        String root = System.getenv("STORAGEBENCH_FB_DATABASE_ROOT");
        return Path.of(root == null ? "/tmp/storagebench-fb/databases" : root);
    }

    /** A firebird target with the password from STORAGEBENCH_FB_PASSWORD. */
    public static DatabaseTarget target() {
        return new DatabaseTarget(
                TargetKind.FIREBIRD,
                TargetKind.FIREBIRD.dialect(),
                url(),
                user(),
                new PasswordSource("STORAGEBENCH_FB_PASSWORD", null),
                Duration.ofSeconds(10),
                databaseRoot());
    }

    /** The target's YAML keys, for configs written by tests. */
    public static String yaml() {
        return "kind: firebird\nurl: "
                + url()
                + "\nuser: "
                + user()
                + "\npassword-env: STORAGEBENCH_FB_PASSWORD\n"
                + "database-root: "
                + databaseRoot()
                + "\n";
    }
}
