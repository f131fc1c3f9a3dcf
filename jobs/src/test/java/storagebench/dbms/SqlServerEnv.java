package storagebench.dbms;

import java.time.Duration;
import storagebench.require.Requirement;

/**
 * The SQL Server the tests may use: STORAGEBENCH_SQLSERVER_URL, STORAGEBENCH_SQLSERVER_USER (default sa),
 * STORAGEBENCH_SQLSERVER_PASSWORD and STORAGEBENCH_SQLSERVER_FILE_ROOT (default /var/opt/mssql/data, the
 * data directory of docker/compose.yaml's SQL Server 2022). Without the URL and password the tests that
 * need it ({@code @Needs(Requirement.SQLSERVER)}) are skipped, saying which variable to set.
 */
public final class SqlServerEnv {
    static final String URL = "STORAGEBENCH_SQLSERVER_URL";
    static final String USER = "STORAGEBENCH_SQLSERVER_USER";
    static final String PASSWORD = "STORAGEBENCH_SQLSERVER_PASSWORD";
    static final String FILE_ROOT = "STORAGEBENCH_SQLSERVER_FILE_ROOT";

    private SqlServerEnv() {}

    /**
     * {@code Requirement.SQLSERVER.check()}, for tests written before {@code @Needs}: a test declares
     * {@code @Needs(Requirement.SQLSERVER)}, or calls that check where only some of its cases need the server.
     */
    public static void assume() {
        Requirement.SQLSERVER.check();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    public static String user() {
        String user = System.getenv(USER);
        return blank(user) ? "sa" : user;
    }

    public static ServerPath fileRoot() {
        String root = System.getenv(FILE_ROOT);
        return ServerPath.parse(blank(root) ? "/var/opt/mssql/data" : root);
    }

    /** A sqlserver target with the password from STORAGEBENCH_SQLSERVER_PASSWORD. */
    public static DatabaseTarget target() {
        return new DatabaseTarget(
                TargetKind.SQLSERVER,
                TargetKind.SQLSERVER.dialect(),
                System.getenv(URL),
                user(),
                new PasswordSource(PASSWORD, null),
                Duration.ofSeconds(15),
                null,
                fileRoot());
    }

    /** The target's YAML keys, for configs written by tests. */
    public static String yaml() {
        return "kind: sqlserver\nurl: \""
                + System.getenv(URL)
                + "\"\nuser: "
                + user()
                + "\npassword-env: "
                + PASSWORD
                + "\nfile-root: "
                + fileRoot()
                + "\n";
    }
}
