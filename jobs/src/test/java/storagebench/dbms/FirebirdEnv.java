package storagebench.dbms;

import java.nio.file.Path;
import java.time.Duration;
import storagebench.require.Requirement;

/**
 * The Firebird server the tests may use, from the variables {@code .ci/db-servers.sh start} prints:
 * STORAGEBENCH_FB_URL, STORAGEBENCH_FB_USER, STORAGEBENCH_FB_PASSWORD, STORAGEBENCH_FB_DATABASE_ROOT.
 * Without them the tests that need it ({@code @Needs}) are skipped, saying so, or fail where the run
 * promises the server ({@code -Dstoragebench.require}).
 */
public final class FirebirdEnv {
    private FirebirdEnv() {}

    /**
     * {@code Requirement.FIREBIRD.check()}, for tests written before {@code @Needs}: a test declares
     * {@code @Needs(Requirement.FIREBIRD)}, or calls that check where only some of its cases need the server.
     */
    public static void assume() {
        Requirement.FIREBIRD.check();
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
                databaseRoot(),
                null);
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
