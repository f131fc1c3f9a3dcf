package storagebench.dbms;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.dbms.postgres.PgConnection;
import storagebench.dbms.firebird.FirebirdServer;

/**
 * A database target as the environment of a program run against it, in the variables the server's own
 * tools read, so that a command needs no password on its command line: PostgreSQL's libpq
 * ({@code PGHOST}, {@code PGPORT}, {@code PGDATABASE}, {@code PGUSER}, {@code PGPASSWORD}), Firebird's
 * ({@code ISC_USER}, {@code ISC_PASSWORD}), sqlcmd's ({@code SQLCMDSERVER}, {@code SQLCMDDBNAME},
 * {@code SQLCMDUSER}, {@code SQLCMDPASSWORD}); and for every kind {@code STORAGEBENCH_TARGET_KIND},
 * {@code STORAGEBENCH_TARGET_URL} (without any password) and {@code STORAGEBENCH_TARGET_USER}.
 */
public final class ToolEnvironment {
    private static final Pattern SQLSERVER_URL = Pattern.compile(
            "jdbc:sqlserver://([^;:\\\\]*)(\\\\[^;:]+)?(?::(\\d+))?(;.*)?", Pattern.CASE_INSENSITIVE);

    private ToolEnvironment() {
    }

    public static Map<String, String> of(DatabaseTarget target) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("STORAGEBENCH_TARGET_KIND", target.kind().yamlName());
        env.put("STORAGEBENCH_TARGET_URL", target.location());
        env.put("STORAGEBENCH_TARGET_USER", target.user());
        switch (target.kind()) {
            case POSTGRES -> {
                PgConnection server = PgConnection.of(target.url());
                env.putAll(server.environment(server.database(), target.user(), target.connectTimeout().toSeconds()));
                target.passwordInto(env, "PGPASSWORD");
            }
            case FIREBIRD -> env.putAll(FirebirdServer.toolEnvironment(target));
            case SQLSERVER -> {
                env.putAll(sqlcmd(target.url()));
                if (!target.user().isEmpty()) {
                    env.put("SQLCMDUSER", target.user());
                }
                target.passwordInto(env, "SQLCMDPASSWORD");
            }
            default -> {
                // H2 and local: nothing a program could connect with
            }
        }
        return env;
    }

    /** SQLCMDSERVER (host, \instance, ,port) and SQLCMDDBNAME from a SQL Server JDBC URL. */
    public static Map<String, String> sqlcmd(String url) {
        Matcher m = SQLSERVER_URL.matcher(url);
        if (!m.matches() || m.group(1).isEmpty()) {
            throw new BadInputException("the sqlserver target's url cannot be passed to sqlcmd: '"
                    + storagebench.config.Secrets.redactUrl(url) + "' is not jdbc:sqlserver://HOST[\\INSTANCE][:PORT][;…]");
        }
        Map<String, String> env = new LinkedHashMap<>();
        env.put("SQLCMDSERVER", m.group(1) + (m.group(2) == null ? "" : m.group(2))
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
