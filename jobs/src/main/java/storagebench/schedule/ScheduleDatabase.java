package storagebench.schedule;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import storagebench.BadInputException;
import storagebench.config.Settings;

/**
 * The job repository of {@code serve} and {@code schedule}: the database where Quartz keeps the jobs
 * and triggers of the schedules, and the service its firings ({@link ScheduleSchema}). An H2 file
 * under the data directory by default (settings {@code job-repository.*}). Runs and imports keep
 * nothing here: their progress is what the topic holds.
 *
 * @param password never shown: {@link #toString()} leaves it out
 */
public record ScheduleDatabase(String url, String user, String password) {
    /**
     * H2's "database may be already in use" and "lock file recently modified" (another process is
     * opening it), and "connection is broken" and "database is closed" (the process that served it
     * just ended, and the file is free to be taken over).
     */
    private static final Set<Integer> H2_BEING_OPENED = Set.of(90020, 8000, 90067, 90098, 90121);

    private static final long OPEN_WAIT_NANOS = 30_000_000_000L;

    public static ScheduleDatabase of(Settings settings) {
        String url = settings.jobRepositoryUrl().orElseGet(() -> defaultUrl(settings.dataDir()));
        String user =
                settings.jobRepositoryUser()
                        .orElse(settings.jobRepositoryUrl().isPresent() ? "" : "sa");
        return new ScheduleDatabase(url, user, settings.jobRepositoryPassword().orElse(""));
    }

    /**
     * The schedules' tables, created the first time. Commands started together on one data directory
     * may open its embedded database at the same moment: the one that loses the race to open the file
     * (H2 then serves it to the others) tries again.
     */
    public void ensureTables() {
        use(ScheduleSchema::ensure);
    }

    /**
     * Does {@code work} on one connection to the repository, opened for it and closed after (a
     * command's, before or without a Spring context), trying again while another process opens the
     * embedded database.
     */
    public void use(Consumer<DataSource> work) {
        long deadline = System.nanoTime() + OPEN_WAIT_NANOS;
        while (true) {
            try (Connection connection = DriverManager.getConnection(url, user, password)) {
                work.accept(new SingleConnectionDataSource(connection, true));
                return;
            } catch (SQLException e) {
                if (!H2_BEING_OPENED.contains(e.getErrorCode()) || System.nanoTime() > deadline) {
                    throw new BadInputException(
                            "job repository " + redacted() + " cannot be used: " + e.getMessage());
                }
                pause();
            }
        }
    }

    /** The Spring properties of a context on this database. */
    public Map<String, Object> properties() {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("spring.datasource.url", url);
        props.put("spring.datasource.username", user);
        props.put("spring.datasource.password", password);
        props.put("spring.main.log-startup-info", "false");
        return props;
    }

    /** The URL with any password in it masked. */
    public String redacted() {
        return url.replaceAll("(?i)(password=)[^;&]*", "$1***");
    }

    @Override
    public String toString() {
        return "ScheduleDatabase[" + redacted() + ", user " + user + "]";
    }

    static String defaultUrl(Path dataDir) {
        return "jdbc:h2:file:"
                + dataDir.resolve("job-repository").resolve("batch").toAbsolutePath()
                // every commit reaches the file at once; the process serving the file to the others
                // may end first: they reconnect, and one of them serves it
                + ";AUTO_SERVER=TRUE;AUTO_RECONNECT=TRUE;WRITE_DELAY=0";
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while opening the job repository");
        }
    }
}
