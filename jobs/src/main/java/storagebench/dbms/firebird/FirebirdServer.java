package storagebench.dbms.firebird;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.firebirdsql.gds.ISCConstants;
import org.firebirdsql.gds.ServiceRequestBuffer;
import org.firebirdsql.gds.VaxEncoding;
import org.firebirdsql.gds.ng.FbService;
import org.firebirdsql.management.FBManager;
import org.firebirdsql.management.FBServiceManager;
import storagebench.BadInputException;
import storagebench.config.Secrets;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlDialect;

/**
 * Where a Firebird target's server is, from its URL ({@code jdbc:firebird://host[:port]/database[?props]}
 * or the older {@code jdbc:firebird:host[/port]:database}), so that workloads can name other databases
 * on the same server: a JDBC URL, or {@code host/port:path} for gbak.
 *
 * @param prefix {@code jdbc:firebird:} or {@code jdbc:firebirdsql:}
 * @param host the server's host
 * @param port its port
 * @param database the database the URL names (an alias or a path on the server)
 * @param query the URL's properties after '?', or empty
 */
public record FirebirdServer(String prefix, String host, int port, String database, String query) {
    public static final String PREFIX = "jdbc:firebird:";
    public static final String OTHER_PREFIX = "jdbc:firebirdsql:";
    static final int DEFAULT_PORT = 3050;

    /** Paths written into DDL or given to gbak: nothing that needs quoting. */
    public static final Pattern SAFE_PATH = Pattern.compile("/[A-Za-z0-9_./-]*");

    private static final Pattern MODERN =
            Pattern.compile("//([^/:?\\[\\]]+)(?::(\\d{1,5}))?/([^?]+)(?:\\?(.*))?");
    private static final Pattern LEGACY =
            Pattern.compile("([^/:?]+)(?:/(\\d{1,5}))?:([^?]+)(?:\\?(.*))?");

    /** Service manager capabilities (ibase.h): one server for all clients, or one process each. */
    private static final int MULTI_CLIENT_SUPPORT = 0x2;

    private static final int NO_SERVER_SHUTDOWN_SUPPORT = 0x100;

    /**
     * @throws IllegalArgumentException when the URL names no host (an embedded database has no server
     *     whose storage a run could describe)
     */
    public static FirebirdServer parse(String url) {
        String prefix = url.startsWith(OTHER_PREFIX) ? OTHER_PREFIX : PREFIX;
        if (!url.startsWith(prefix)) {
            throw new IllegalArgumentException("a firebird url starts with " + PREFIX);
        }
        String rest = url.substring(prefix.length());
        Matcher m = MODERN.matcher(rest);
        if (!m.matches()) {
            m = LEGACY.matcher(rest);
            if (rest.startsWith("//") || !m.matches()) {
                throw new IllegalArgumentException(
                        "cannot read host, port and database from the firebird url '"
                                + Secrets.redactText(url)
                                + "'; write jdbc:firebird://HOST:PORT/DATABASE");
            }
        }
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        return new FirebirdServer(
                prefix, m.group(1), port, m.group(3), m.group(4) == null ? "" : m.group(4));
    }

    /**
     * Refuses a missing or unusable database-root before anything runs: the workloads make their
     * database files there and remove what an interrupted trial left, so it must be on this host.
     */
    public static void checkDatabaseRoot(DatabaseTarget target, String workload) {
        Path root = target.storageRoot();
        if (root == null) {
            throw new BadInputException(
                    workload
                            + " on firebird needs target.database-root: a directory on the "
                            + "server's host, writable by the server's user, where the trial's database files are made");
        }
        if (!SAFE_PATH.matcher(root.toString()).matches() || root.toString().contains("..")) {
            throw new BadInputException(
                    "target.database-root '"
                            + root
                            + "' must be an absolute path of letters, "
                            + "digits, '_', '-', '.' and '/' (it is written into ALTER DATABASE ADD FILE)");
        }
        if (!Files.isDirectory(root)) {
            throw new BadInputException(
                    "target.database-root "
                            + root
                            + " is not a directory on this host; "
                            + "storagebench removes what an interrupted trial left there, so run it on the server's host");
        }
    }

    /** The JDBC URL of another database on this server, with the same properties. */
    public String url(Path database) {
        return prefix
                + "//"
                + host
                + ":"
                + port
                + "/"
                + database
                + (query.isEmpty() ? "" : "?" + query);
    }

    /** The URL of {@link #url(Path)} with more properties (name=value pairs). */
    public String url(Path database, String properties) {
        String all = query.isEmpty() ? properties : query + "&" + properties;
        return prefix + "//" + host + ":" + port + "/" + database + "?" + all;
    }

    /** {@code host/port:path}: a database on this server as gbak and isql name it. */
    public String remote(Path database) {
        return host + "/" + port + ":" + database;
    }

    /**
     * Drops a database that storagebench made on this server, if its primary file exists, ending the
     * attachments still open to it first (an interrupted trial's). Firebird deletes all its files.
     * The file must be visible from this host: database-root is checked to be.
     */
    public void dropIfExists(DatabaseTarget target, Path database) throws SQLException {
        if (!Files.exists(database)) {
            return;
        }
        try (Connection c = target.connect(url(database));
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute(target.dialect().script("targets/admin").sql("disconnect-others"));
        }
        dropDatabase(target, database);
    }

    /** Drops a database of this server (Jaybird's FBManager: the JDBC API has no DROP DATABASE). */
    private void dropDatabase(DatabaseTarget target, Path database) throws SQLException {
        try (FBManager manager = new FBManager()) {
            manager.setServer(host);
            manager.setPort(port);
            manager.start();
            manager.dropDatabase(
                    database.toString(), target.user(), target.password().resolve().orElse(null));
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException("cannot drop " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Variables that give Firebird's tools (gbak, isql) the target's credentials, so that the password
     * never appears on a command line: ISC_USER and ISC_PASSWORD.
     */
    public static Map<String, String> toolEnvironment(DatabaseTarget target) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("ISC_USER", target.user());
        target.password().resolve().ifPresent(p -> env.put("ISC_PASSWORD", p));
        return env;
    }

    /**
     * The server mode, which the SQL of the probe cannot see: the service manager's capabilities say
     * whether one process serves every client (Super) or not; two attachments' server process ids then
     * tell SuperClassic (one process, a cache per attachment) from Classic (a process per attachment).
     */
    public Map<String, String> probe(DatabaseTarget target, Connection first) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            int capabilities = capabilities(target);
            values.put("service_capabilities", "0x" + Integer.toHexString(capabilities));
            if ((capabilities & MULTI_CLIENT_SUPPORT) != 0) {
                values.put("server_mode", "Super");
            } else if ((capabilities & NO_SERVER_SHUTDOWN_SUPPORT) != 0) {
                try (Connection second = target.connect()) {
                    values.put(
                            "server_mode",
                            serverPid(first) == serverPid(second) ? "SuperClassic" : "Classic");
                }
            } else {
                values.put("server_mode", "embedded");
            }
        } catch (SQLException | RuntimeException e) {
            values.put("server_mode_error", e.getMessage());
        }
        return values;
    }

    private int capabilities(DatabaseTarget target) throws SQLException {
        FBServiceManager manager = new FBServiceManager();
        manager.setServerName(host);
        manager.setPortNumber(port);
        manager.setUser(target.user());
        target.password().resolve().ifPresent(manager::setPassword);
        manager.setIntProperty("connectTimeout", SqlDialect.seconds(target.connectTimeout()));
        try (FbService service = manager.attachServiceManager()) {
            ServiceRequestBuffer items = service.createServiceRequestBuffer();
            items.addArgument(ISCConstants.isc_info_svc_capabilities);
            byte[] info = service.getServiceInfo(null, items, 64);
            if (info.length < 5 || info[0] != ISCConstants.isc_info_svc_capabilities) {
                throw new SQLException("unexpected answer to isc_info_svc_capabilities");
            }
            return VaxEncoding.iscVaxInteger(info, 1, 4);
        }
    }

    private static long serverPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT MON$SERVER_PID FROM MON$ATTACHMENTS WHERE MON$ATTACHMENT_ID = CURRENT_CONNECTION")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
