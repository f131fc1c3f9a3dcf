package storagebench.dbms.sqlserver;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.config.ConfigNode;
import storagebench.config.Secrets;
import storagebench.dbms.DatabaseKind;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlDialect;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;

/**
 * SQL Server over mssql-jdbc; {@code file-root} is where workloads put database files on the server's
 * host. Its tools get sqlcmd's variables (SQLCMDSERVER, SQLCMDDBNAME, SQLCMDUSER, SQLCMDPASSWORD).
 */
public final class SqlServerKind implements DatabaseKind {

    @Override
    public TargetKind kind() {
        return TargetKind.SQLSERVER;
    }

    /** Identifiers in brackets, {@code ]} doubled; names up to 128, ours stay at 63. */
    private static final SqlDialect DIALECT =
            new SqlDialect(
                    "sqlserver",
                    "[",
                    "]",
                    63,
                    Map.of(
                            "loginTimeout",
                            SqlDialect.TIMEOUT_SECONDS,
                            "applicationName",
                            "storagebench"));

    private static final Pattern URL =
            Pattern.compile(
                    "jdbc:sqlserver://([^;:\\\\]*)(\\\\[^;:]+)?(?::(\\d+))?(;.*)?",
                    Pattern.CASE_INSENSITIVE);

    @Override
    public SqlDialect dialect() {
        return DIALECT;
    }

    @Override
    public Target read(ConfigNode node, Path dataDir) {
        DatabaseTarget target =
                DatabaseTarget.read(node, TargetKind.SQLSERVER, "jdbc:sqlserver:", null, "", null);
        return target.withFileRoot(node.value("file-root", SqlServerKind::serverPath, null));
    }

    private static ServerPath serverPath(ConfigNode node) {
        try {
            return ServerPath.parse(node.text());
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage());
        }
    }

    @Override
    public Map<String, String> toolEnvironment(DatabaseTarget target) {
        Map<String, String> env = new LinkedHashMap<>(sqlcmd(target.url()));
        if (!target.user().isEmpty()) {
            env.put("SQLCMDUSER", target.user());
        }
        target.passwordInto(env, "SQLCMDPASSWORD");
        return env;
    }

    @Override
    public boolean ioCountersPerDatabase() {
        return true;
    }

    @Override
    public Optional<String> urlDatabase(DatabaseTarget target) {
        return Optional.ofNullable(sqlcmd(target.url()).get("SQLCMDDBNAME"));
    }

    /** SQLCMDSERVER (host, \instance, ,port) and SQLCMDDBNAME from a SQL Server JDBC URL. */
    public static Map<String, String> sqlcmd(String url) {
        Matcher m = URL.matcher(url);
        if (!m.matches() || m.group(1).isEmpty()) {
            throw new BadInputException(
                    "the sqlserver target's url cannot be passed to sqlcmd: '"
                            + Secrets.redactText(url)
                            + "' is not jdbc:sqlserver://HOST[\\INSTANCE][:PORT][;…]");
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put(
                "SQLCMDSERVER",
                m.group(1)
                        + (m.group(2) == null ? "" : m.group(2))
                        + (m.group(3) == null ? "" : "," + m.group(3)));
        if (m.group(4) != null) {
            for (String property : m.group(4).split(";")) {
                int eq = property.indexOf('=');
                if (eq > 0) {
                    String key = property.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                    if (key.equals("databasename") || key.equals("database")) {
                        env.put("SQLCMDDBNAME", property.substring(eq + 1).strip());
                    }
                }
            }
        }
        return env;
    }
}
