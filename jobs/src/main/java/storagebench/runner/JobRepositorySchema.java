package storagebench.runner;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ScriptUtils;
import org.springframework.jdbc.support.JdbcUtils;
import storagebench.BadInputException;

/** Creates Spring Batch's tables in the job repository the first time, and never again. */
final class JobRepositorySchema {
    private JobRepositorySchema() {
    }

    static void ensure(String url, String user, String password) {
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            if (exists(connection, "BATCH_JOB_INSTANCE") || exists(connection, "batch_job_instance")) {
                return;
            }
            String platform = platform(connection.getMetaData().getDatabaseProductName());
            ScriptUtils.executeSqlScript(connection,
                    new ClassPathResource("org/springframework/batch/core/schema-" + platform + ".sql"));
        } catch (SQLException e) {
            throw new BadInputException("job repository " + redact(url) + " cannot be used: " + e.getMessage());
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
        throw new BadInputException("job repository on " + product + " is not supported; use H2, PostgreSQL or"
                + " SQL Server");
    }

    static String redact(String url) {
        return url.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }
}
