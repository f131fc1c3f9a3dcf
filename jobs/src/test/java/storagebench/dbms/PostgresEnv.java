package storagebench.dbms;

import java.nio.file.Path;
import java.time.Duration;
import storagebench.require.Requirement;

/**
 * The PostgreSQL server the tests may use, from the variables {@code .ci/db-servers.sh start} prints:
 * STORAGEBENCH_PG_URL, STORAGEBENCH_PG_USER, STORAGEBENCH_PG_PASSWORD, STORAGEBENCH_PG_TABLESPACE_ROOT.
 * Without them the tests that need it ({@code @Needs}) are skipped, saying so, or fail where the run
 * promises the server ({@code -Dstoragebench.require}).
 */
public final class PostgresEnv {
    private PostgresEnv() {}

    /**
     * {@code Requirement.POSTGRES.check()}, for tests written before {@code @Needs}: a test declares
     * {@code @Needs(Requirement.POSTGRES)}, or calls that check where only some of its cases need the server.
     */
    public static void assume() {
        Requirement.POSTGRES.check();
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
                tablespaceRoot(),
                null);
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
