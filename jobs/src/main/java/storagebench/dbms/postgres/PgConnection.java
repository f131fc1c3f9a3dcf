package storagebench.dbms.postgres;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.config.Secrets;

/**
 * A PostgreSQL JDBC URL as libpq's environment, for pg_dump and pg_restore: host, port, database and
 * sslmode. The user and password are the target's, passed by the caller as PGUSER and PGPASSWORD,
 * never on the command line.
 *
 * @param host the host, or empty for the driver's default (localhost)
 * @param port the port, or empty for 5432
 * @param database the database, or empty for the user's name
 * @param query the URL's parameters
 */
public record PgConnection(String host, String port, String database, Map<String, String> query) {
    private static final Pattern URL =
            Pattern.compile(
                    "jdbc:postgresql:(?://(\\[[^]]+]|[^:/?]*)(?::(\\d+))?/)?([^?/,]*)(?:\\?(.*))?");

    public static PgConnection of(String url) {
        Matcher m = URL.matcher(url);
        if (!m.matches() || (m.group(1) != null && m.group(1).contains(","))) {
            throw new BadInputException(
                    "the postgres target's url cannot be passed to PostgreSQL's programs: '"
                            + Secrets.redactText(url)
                            + "' is not jdbc:postgresql://HOST[:PORT]/DATABASE with one host");
        }
        Map<String, String> query = new LinkedHashMap<>();
        if (m.group(4) != null) {
            for (String pair : m.group(4).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    query.put(
                            pair.substring(0, eq),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        String host = m.group(1) == null ? "" : m.group(1).replace("[", "").replace("]", "");
        return new PgConnection(
                host,
                m.group(2) == null ? "" : m.group(2),
                URLDecoder.decode(m.group(3), StandardCharsets.UTF_8),
                query);
    }

    /** The environment for a libpq tool connecting to {@code db} (no password: the caller adds it). */
    public Map<String, String> environment(String db, String user, long connectTimeoutSeconds) {
        Map<String, String> env = new LinkedHashMap<>();
        if (!host.isEmpty()) {
            env.put("PGHOST", host);
        }
        if (!port.isEmpty()) {
            env.put("PGPORT", port);
        }
        env.put("PGDATABASE", db);
        if (!user.isEmpty()) {
            env.put("PGUSER", user);
        }
        env.put("PGCONNECT_TIMEOUT", String.valueOf(Math.max(2, connectTimeoutSeconds)));
        env.put("PGAPPNAME", "storagebench");
        if (query.containsKey("sslmode")) {
            env.put("PGSSLMODE", query.get("sslmode"));
        }
        return env;
    }

    /** The same server's JDBC URL for database {@code db}, with the URL's parameters. */
    public String url(String db) {
        String hostPart = host.contains(":") ? "[" + host + "]" : host;
        StringBuilder url =
                new StringBuilder("jdbc:postgresql://")
                        .append(hostPart.isEmpty() ? "localhost" : hostPart);
        if (!port.isEmpty()) {
            url.append(':').append(port);
        }
        url.append('/').append(db);
        if (!query.isEmpty()) {
            url.append('?');
            query.forEach(
                    (k, v) ->
                            url.append(k)
                                    .append('=')
                                    .append(URLEncoder.encode(v, StandardCharsets.UTF_8))
                                    .append('&'));
            url.setLength(url.length() - 1);
        }
        return url.toString();
    }
}
