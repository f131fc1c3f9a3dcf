package storagebench.dbms;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import storagebench.config.ConfigNode;
import storagebench.config.SecretReferences;
import storagebench.config.Secrets;
import storagebench.config.Values;
import storagebench.events.TargetSnapshot;

/**
 * A database reached over JDBC. Keys: {@code url} (its prefix must match the kind), {@code user},
 * {@code password-env} or {@code password-file} (an inline password is refused), {@code connect-timeout}
 * (10s), a directory on the server's host that the server's user can write, where workloads create their
 * storage: PostgreSQL's {@code tablespace-root} (tablespaces), Firebird's {@code database-root} (database
 * files), and for SQL Server {@code file-root} (a directory on the server's host, Windows or Linux style,
 * where workloads put database and backup files).
 *
 * @param kind h2, postgres, …
 * @param dialect what differs in SQL
 * @param url the JDBC URL as configured, its {@code ${env:…}} and {@code ${file:…}} references kept
 *     (what identity shows); {@link #url()} reads them, and {@link #location()} shows what they read
 * @param user the user as configured, or empty; {@link #user()} reads its references
 * @param password where the password comes from
 * @param connectTimeout how long connecting and logging in may take
 * @param storageRoot PostgreSQL's tablespace-root or Firebird's database-root, or null
 * @param fileRoot SQL Server's directory for database files, or null
 */
public record DatabaseTarget(
        TargetKind kind,
        Dialect dialect,
        String url,
        String user,
        PasswordSource password,
        Duration connectTimeout,
        Path storageRoot,
        ServerPath fileRoot)
        implements Target {
    static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    @Override
    public String identity() {
        return kind.name().toLowerCase(Locale.ROOT) + ":" + url;
    }

    /** A capability of this target: of the record itself, or one its product offers. */
    @Override
    public <C> Optional<C> as(Class<C> capability) {
        return Target.super.as(capability).or(() -> kind.database().capability(this, capability));
    }

    /** The JDBC URL to use: its references read now ({@code ${env:STORAGEBENCH_PG_URL:-…}}), kept nowhere. */
    @Override
    public String url() {
        return SecretReferences.resolve(url);
    }

    /** The user to log in as, its references read now. */
    @Override
    public String user() {
        return SecretReferences.resolve(user);
    }

    /**
     * Reads the keys every database kind has from the {@code target:} mapping.
     *
     * @param urlPrefix what the url must start with
     * @param defaultUrl the url when none is given, or null when one is required
     * @param defaultUser the user when none is given
     * @param storageRootKey the key of the kind's directory for workload storage, or null when it has none
     */
    public static DatabaseTarget read(
            ConfigNode node,
            TargetKind kind,
            String urlPrefix,
            String defaultUrl,
            String defaultUser,
            String storageRootKey) {
        ConfigNode urlNode = node.get("url");
        String url = urlNode == null ? defaultUrl : urlNode.text().strip();
        if (url == null) {
            throw node.error(
                    "'url' (the JDBC URL, "
                            + urlPrefix
                            + "…) is missing; it is required for kind "
                            + kind.yamlName());
        }
        // the references were checked at load; the URL they make is what must fit the kind
        if (!SecretReferences.resolve(url).startsWith(urlPrefix)) {
            throw urlNode.error(
                    "a "
                            + kind.yamlName()
                            + " target's url starts with "
                            + urlPrefix
                            + ", got '"
                            + Secrets.redactText(url)
                            + "'");
        }
        String user = node.value("user", Values.TEXT, defaultUser);
        PasswordSource password = PasswordSource.read(node);
        Duration timeout = node.value("connect-timeout", Values.DURATION, DEFAULT_CONNECT_TIMEOUT);
        Path storageRoot =
                storageRootKey == null
                        ? null
                        : node.value(
                                storageRootKey,
                                n ->
                                        Path.of(SecretReferences.resolve(n.text().strip()))
                                                .toAbsolutePath()
                                                .normalize(),
                                null);
        return new DatabaseTarget(
                kind, kind.dialect(), url, user, password, timeout, storageRoot, null);
    }

    /** This target with SQL Server's file-root. */
    public DatabaseTarget withFileRoot(ServerPath root) {
        return new DatabaseTarget(
                kind, dialect, url, user, password, connectTimeout, storageRoot, root);
    }

    /**
     * Puts the password, if any, into a child process's environment under {@code variable} (PGPASSWORD,
     * ISC_PASSWORD): a tool gets it there, never on its command line, where other users could read it.
     */
    public void passwordInto(Map<String, String> environment, String variable) {
        password.resolve().ifPresent(secret -> environment.put(variable, secret));
    }

    /**
     * The URL the run reaches, its references read ({@code ${env:STORAGEBENCH_PG_URL:-…}} gives the
     * server it names), with any password parameter replaced by ***, for events and messages.
     */
    public String location() {
        return Secrets.redactText(url());
    }

    /** Connects to the configured URL. */
    public Connection connect() {
        return connect(url);
    }

    /**
     * Connects to {@code jdbcUrl} (the configured one, or one a workload derived from it) with this
     * target's credentials, within the connect-timeout.
     *
     * @throws TargetUnavailableException when the server does not answer in time or refuses the login;
     *     the message names the URL (redacted) and the user, never the password
     */
    public Connection connect(String jdbcUrl) {
        Properties props = dialect.connectProperties(connectTimeout);
        String login = user();
        if (!login.isEmpty()) {
            props.setProperty("user", login);
        }
        Optional<String> secret = password.resolve();
        secret.ifPresent(p -> props.setProperty("password", p));
        // ${env:NAME} and ${file:PATH} in the URL: read now, kept nowhere
        String resolved = SecretReferences.resolve(jdbcUrl);
        FutureTask<Connection> attempt =
                new FutureTask<>(() -> DriverManager.getConnection(resolved, props));
        Thread thread = new Thread(attempt, "connect-" + kind.yamlName());
        thread.setDaemon(true);
        thread.start();
        String where = kind.yamlName() + " target " + Secrets.redactText(jdbcUrl);
        try {
            // The driver's own timeouts apply first; this bounds drivers that have none.
            return attempt.get(connectTimeout.toMillis() + 2_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            attempt.cancel(true);
            throw new TargetUnavailableException(
                    "cannot reach "
                            + where
                            + " within the connect-timeout of "
                            + connectTimeout.toSeconds()
                            + "s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetUnavailableException("interrupted while connecting to " + where);
        } catch (ExecutionException e) {
            // the driver's words name the URL as resolved: they get the URL as written instead
            throw unavailable(
                    where,
                    e.getCause(),
                    secret.orElse(null),
                    reason -> resolved.isEmpty() ? reason : reason.replace(resolved, jdbcUrl));
        }
    }

    private TargetUnavailableException unavailable(
            String where, Throwable cause, String secret, UnaryOperator<String> asWritten) {
        String reason =
                asWritten.apply(
                        cause.getMessage() == null
                                ? cause.getClass().getSimpleName()
                                : cause.getMessage());
        if (secret != null && !secret.isEmpty()) {
            reason = reason.replace(secret, "***");
        }
        reason = Secrets.redactText(reason);
        String state =
                cause instanceof SQLException sql && sql.getSQLState() != null
                        ? sql.getSQLState()
                        : "";
        if (state.startsWith("28")) {
            return new TargetUnavailableException(
                    where
                            + " refused the login of user '"
                            + user()
                            + "' ("
                            + password.describe()
                            + "): "
                            + reason);
        }
        return new TargetUnavailableException(
                "cannot connect to "
                        + where
                        + " (connect-timeout "
                        + connectTimeout.toSeconds()
                        + "s): "
                        + reason);
    }

    /**
     * Connects and reads what explains storage results: product, version and the settings listed in
     * {@code targets/probe/<dialect>.sql}. Doubles as the run's check that the target can be used.
     */
    @Override
    public TargetSnapshot snapshot() {
        try (Connection c = connect()) {
            return TargetProbe.read(this, c);
        } catch (SQLException e) {
            throw new TargetUnavailableException(
                    "cannot read the settings of "
                            + kind.yamlName()
                            + " target "
                            + location()
                            + ": "
                            + e.getMessage());
        }
    }
}
