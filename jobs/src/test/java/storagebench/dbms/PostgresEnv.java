package storagebench.dbms;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server the tests may use, from the variables {@code .ci/db-servers.sh start} prints:
 * STORAGEBENCH_PG_URL, STORAGEBENCH_PG_USER, STORAGEBENCH_PG_PASSWORD, STORAGEBENCH_PG_TABLESPACE_ROOT.
 * Without them the tests that need it are skipped, saying so.
 */
public final class PostgresEnv {
    private PostgresEnv() {}

    /** Skips the calling test, with a visible reason, when no server is configured. */
    public static void assume() {
        boolean set =
                url() != null
                        && !url().isBlank()
                        && System.getenv("STORAGEBENCH_PG_PASSWORD") != null;
        if (!set) {
            System.err.println(
                    "SKIPPED: STORAGEBENCH_PG_URL/USER/PASSWORD are not set, so the PostgreSQL tests "
                            + "do not run; start a server with: eval \"$(.ci/db-servers.sh start)\"");
        }
        Assumptions.assumeTrue(
                set,
                "STORAGEBENCH_PG_URL, STORAGEBENCH_PG_USER and STORAGEBENCH_PG_PASSWORD are "
                        + "not set: PostgreSQL tests skipped (eval \"$(.ci/db-servers.sh start)\" sets them)");
    }

    public static String url() {
        return System.getenv("STORAGEBENCH_PG_URL");
    }

    public static String user() {
        String user = System.getenv("STORAGEBENCH_PG_USER");
        return user == null ? "storagebench" : user;
    }

    public static Path tablespaceRoot() {
        String root = System.getenv("STORAGEBENCH_PG_TABLESPACE_ROOT");
        return Path.of(root == null ? "/tmp/storagebench-pg/tablespaces" : root);
    }

    /** A postgres target with the password from STORAGEBENCH_PG_PASSWORD. */
    public static DatabaseTarget target() {
        return new DatabaseTarget(
                TargetKind.POSTGRES,
                TargetKind.POSTGRES.dialect(),
                url(),
                user(),
                new PasswordSource("STORAGEBENCH_PG_PASSWORD", null),
                Duration.ofSeconds(10),
                tablespaceRoot());
    }

    /** The target's YAML keys, for configs written by tests. */
    public static String yaml() {
        return "kind: postgres\nurl: "
                + url()
                + "\nuser: "
                + user()
                + "\npassword-env: STORAGEBENCH_PG_PASSWORD\n"
                + "tablespace-root: "
                + tablespaceRoot()
                + "\n";
    }
}
