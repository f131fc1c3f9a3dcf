package storagebench.batch;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ScriptException;
import org.springframework.jdbc.datasource.init.ScriptUtils;
import org.springframework.jdbc.support.JdbcUtils;
import storagebench.BadInputException;

/**
 * Creates Spring Batch's tables in the job repository the first time, and never again. Commands
 * started together on one data directory may open its embedded database at the same moment: the one
 * that loses the race to open the file (H2 then serves it to the others) tries again, and a second
 * creation of the tables by a concurrent command is taken as done.
 */
final class JobRepositorySchema {
    /**
     * H2's "database may be already in use" and "lock file recently modified" (another process is
     * opening it), and "connection is broken" and "database is closed" (the process that served it
     * just ended, and the file is free to be taken over).
     */
    private static final Set<Integer> H2_BEING_OPENED = Set.of(90020, 8000, 90067, 90098, 90121);

    private static final long OPEN_WAIT_NANOS = 30_000_000_000L;

    private JobRepositorySchema() {}

    /**
     * Opens the job repository, creating its tables the first time, and returns the open connection:
     * the caller keeps it open until its own connections are made, so an embedded database stays open
     * (and served to the other processes) meanwhile instead of closing and being raced for again.
     */
    static Connection ensure(String url, String user, String password) {
        long deadline = System.nanoTime() + OPEN_WAIT_NANOS;
        while (true) {
            Connection connection = null;
            try {
                connection = DriverManager.getConnection(url, user, password);
                create(connection);
                return connection;
            } catch (SQLException e) {
                close(connection);
                if (!H2_BEING_OPENED.contains(e.getErrorCode()) || System.nanoTime() > deadline) {
                    throw new BadInputException(
                            "job repository " + redact(url) + " cannot be used: " + e.getMessage());
                }
                pause();
            }
        }
    }

    private static void close(Connection connection) {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // it was not usable anyway
        }
    }

    private static void create(Connection connection) throws SQLException {
        if (created(connection)) {
            return;
        }
        String platform = platform(connection.getMetaData().getDatabaseProductName());
        try {
            ScriptUtils.executeSqlScript(
                    connection,
                    new ClassPathResource(
                            "org/springframework/batch/core/schema-" + platform + ".sql"));
        } catch (ScriptException e) {
            if (!created(connection)) {
                throw e;
            }
        }
    }

    private static boolean created(Connection connection) throws SQLException {
        return exists(connection, "BATCH_JOB_INSTANCE") || exists(connection, "batch_job_instance");
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while opening the job repository");
        }
    }

    private static boolean exists(Connection connection, String table) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, table, null)) {
            return tables.next();
        }
    }

    private static String platform(String product) {
        String name = JdbcUtils.commonDatabaseName(product).toLowerCase(Locale.ROOT);
        if (name.contains("h2")) {
            return "h2";
        } else if (name.contains("postgres")) {
            return "postgresql";
        } else if (name.contains("microsoft") || name.contains("sql server")) {
            return "sqlserver";
        }
        throw new BadInputException(
                "job repository on "
                        + product
                        + " is not supported; use H2, PostgreSQL or"
                        + " SQL Server");
    }

    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }
}
