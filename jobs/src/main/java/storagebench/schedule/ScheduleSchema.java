package storagebench.schedule;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcUtils;
import storagebench.BadInputException;

/**
 * Creates, the first time, the scheduler's tables in the job repository database: Quartz's own (from
 * the script Quartz ships for the database; its DROP statements left out, so a start never loses a
 * schedule), {@code SB_FIRINGS}, what became of each firing (its column {@code RERUN_ID} added to a
 * table made before it), and {@code SB_TARGETS}, which firing
 * holds which target, {@code SB_HOSTS}, the hosts of the services ({@link HostRegistry}), and {@code SB_FLEET}, each
 * fleet firing's share per host ({@link FleetFirings}). A concurrent creation by another
 * process is taken as done.
 */
public final class ScheduleSchema {
    private static final String FIRINGS =
            "CREATE TABLE SB_FIRINGS ("
                    + "FIRING_ID VARCHAR(300) NOT NULL PRIMARY KEY, "
                    + "SCHEDULE_NAME VARCHAR(100) NOT NULL, "
                    + "TRIGGER_NAME VARCHAR(200) NOT NULL, "
                    + "TARGET_KEY VARCHAR(64) NOT NULL, "
                    + "SCHEDULED_MS BIGINT NOT NULL, "
                    + "FIRED_MS BIGINT NOT NULL, "
                    + "RUN_ID VARCHAR(64), "
                    + "STATUS VARCHAR(20) NOT NULL, "
                    + "ATTEMPTS INT NOT NULL, "
                    + "MESSAGE VARCHAR(2000), "
                    + "ENDED_MS BIGINT, "
                    + "NODE VARCHAR(200), "
                    + "RERUN_ID VARCHAR(64))";

    /** A column added since the table was first made: an older repository gets it at the next start. */
    private static final String RERUN = "ALTER TABLE SB_FIRINGS ADD RERUN_ID VARCHAR(64)";

    private static final String TARGETS =
            "CREATE TABLE SB_TARGETS ("
                    + "TARGET_KEY VARCHAR(64) NOT NULL PRIMARY KEY, "
                    + "FIRING_ID VARCHAR(300) NOT NULL, "
                    + "SCHEDULE_NAME VARCHAR(100) NOT NULL, "
                    + "RUN_ID VARCHAR(64), "
                    + "EXPIRES_MS BIGINT NOT NULL)";

    private static final String HOSTS =
            "CREATE TABLE SB_HOSTS ("
                    + "HOST_NAME VARCHAR(200) NOT NULL PRIMARY KEY, "
                    + "LABELS VARCHAR(2000) NOT NULL, "
                    + "VERSION VARCHAR(100) NOT NULL, "
                    + "PROCESS VARCHAR(200) NOT NULL, "
                    + "STARTED_MS BIGINT NOT NULL, "
                    + "BEAT_MS BIGINT NOT NULL, "
                    + "STOPPED_MS BIGINT, "
                    + "LOST_MS BIGINT)";

    private static final String FLEET =
            "CREATE TABLE SB_FLEET ("
                    + "FLEET_ID VARCHAR(300) NOT NULL, "
                    + "HOST_NAME VARCHAR(200) NOT NULL, "
                    + "SCHEDULE_NAME VARCHAR(100) NOT NULL, "
                    + "TRIGGER_NAME VARCHAR(200) NOT NULL, "
                    + "SCHEDULED_MS BIGINT NOT NULL, "
                    + "STATE VARCHAR(20) NOT NULL, "
                    + "PRIMARY KEY (FLEET_ID, HOST_NAME))";

    private ScheduleSchema() {}

    public static void ensure(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            String product = connection.getMetaData().getDatabaseProductName();
            if (!exists(connection, "QRTZ_LOCKS")) {
                create(connection, quartzScript(product), separator(product));
            }
            if (!exists(connection, "SB_FIRINGS")) {
                create(connection, FIRINGS, ";");
            } else if (!hasColumn(connection, "SB_FIRINGS", "RERUN_ID")) {
                create(connection, RERUN, ";");
            }
            if (!exists(connection, "SB_TARGETS")) {
                create(connection, TARGETS, ";");
            }
            if (!exists(connection, "SB_HOSTS")) {
                create(connection, HOSTS, ";");
            }
            if (!exists(connection, "SB_FLEET")) {
                create(connection, FLEET, ";");
            }
        } catch (SQLException e) {
            throw new BadInputException(
                    "the job repository cannot hold the schedules: " + e.getMessage());
        }
    }

    private static void create(Connection connection, String script, String separator)
            throws SQLException {
        boolean auto = connection.getAutoCommit();
        connection.setAutoCommit(true);
        try (Statement statement = connection.createStatement()) {
            for (String sql : script.split(separator)) {
                String text = sql.replaceAll("(?m)^\\s*--.*$", "").strip();
                String upper = text.toUpperCase(Locale.ROOT);
                if (text.isEmpty()
                        || upper.startsWith("DROP")
                        || upper.startsWith("IF EXISTS")
                        || upper.startsWith("USE ")
                        || upper.equals("COMMIT")) {
                    continue;
                }
                try {
                    statement.execute(text);
                } catch (SQLException e) {
                    if (!alreadyThere(e)) {
                        throw e;
                    }
                }
            }
        } finally {
            connection.setAutoCommit(auto);
        }
    }

    /** Another process made the same table, index or column a moment earlier. */
    private static boolean alreadyThere(SQLException e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return message.contains("already exists")
                || message.contains("there is already")
                || message.contains("duplicate column")
                || message.contains("specified more than once");
    }

    private static boolean hasColumn(Connection connection, String table, String column)
            throws SQLException {
        for (String[] name :
                new String[][] {
                    {table, column},
                    {table.toLowerCase(Locale.ROOT), column.toLowerCase(Locale.ROOT)}
                }) {
            try (ResultSet columns =
                    connection.getMetaData().getColumns(null, null, name[0], name[1])) {
                if (columns.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean exists(Connection connection, String table) throws SQLException {
        for (String name : new String[] {table, table.toLowerCase(Locale.ROOT)}) {
            try (ResultSet tables = connection.getMetaData().getTables(null, null, name, null)) {
                if (tables.next()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String quartzScript(String product) {
        String name = JdbcUtils.commonDatabaseName(product).toLowerCase(Locale.ROOT);
        String file;
        if (name.contains("h2")) {
            file = "tables_h2.sql";
        } else if (name.contains("postgres")) {
            file = "tables_postgres.sql";
        } else if (name.contains("microsoft") || name.contains("sql server")) {
            file = "tables_sqlServer.sql";
        } else {
            throw new BadInputException(
                    "schedules in a job repository on " + product + " are not supported");
        }
        try (InputStream in =
                ScheduleSchema.class.getResourceAsStream("/org/quartz/impl/jdbcjobstore/" + file)) {
            if (in == null) {
                throw new IllegalStateException("Quartz's " + file + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read Quartz's " + file, e);
        }
    }

    private static String separator(String product) {
        return product.toLowerCase(Locale.ROOT).contains("microsoft") ? "(?m)^\\s*GO\\s*$" : ";";
    }

    /** Quartz's delegate for the database behind {@code url}. */
    static String delegate(String url) {
        return url.startsWith("jdbc:postgresql:")
                ? "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate"
                : url.startsWith("jdbc:sqlserver:")
                        ? "org.quartz.impl.jdbcjobstore.MSSQLDelegate"
                        : "org.quartz.impl.jdbcjobstore.StdJDBCDelegate";
    }
}
