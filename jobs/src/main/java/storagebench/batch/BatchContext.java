package storagebench.batch;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import storagebench.config.Settings;

/**
 * What every Spring Batch job of the tool shares (runs and imports): the JDBC job repository of the
 * settings (an H2 file under the data directory by default; Spring Batch's tables created the first
 * time), a Spring context without web server or banner around one job configuration, and the job's
 * own objects registered as beans before the configuration asks for them. {@link StartOrContinue}
 * launches the context's job.
 */
public final class BatchContext {
    /**
     * What the service's libraries would start in a job's context, and a job has no use for: a
     * scheduler, a security set-up (and its generated password), templates.
     */
    private static final String NOT_FOR_JOBS =
            String.join(
                    ",",
                    "org.springframework.boot.quartz.autoconfigure.QuartzAutoConfiguration",
                    "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
                    "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
                    "org.springframework.boot.thymeleaf.autoconfigure.ThymeleafAutoConfiguration");

    private BatchContext() {}

    /**
     * Starts the Spring context of {@code configuration} against the settings' job repository.
     *
     * @param beans singletons the configuration's bean methods take as parameters, by bean name
     */
    public static ConfigurableApplicationContext start(
            Settings settings, Class<?> configuration, Map<String, Object> beans) {
        Repository repository = Repository.of(settings);
        Connection held =
                JobRepositorySchema.ensure(
                        repository.url(), repository.user(), repository.password());
        // No shutdown hook: on SIGTERM the command stops its job itself and needs the job
        // repository until then.
        try (Connection open = held) {
            return new SpringApplicationBuilder(configuration)
                    .web(WebApplicationType.NONE)
                    .bannerMode(Banner.Mode.OFF)
                    .registerShutdownHook(false)
                    .properties(repository.properties())
                    .properties(Map.of("spring.autoconfigure.exclude", NOT_FOR_JOBS))
                    .initializers(
                            c ->
                                    beans.forEach(
                                            (name, bean) ->
                                                    c.getBeanFactory()
                                                            .registerSingleton(name, bean)))
                    .run();
        } catch (SQLException e) {
            // closing the schema check's connection failed; the context's own connections are
            // unaffected
            throw new IllegalStateException(
                    "job repository "
                            + JobRepositorySchema.redact(repository.url())
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * The job repository of the settings: an H2 file under the data directory by default.
     *
     * @param password never shown: {@link #toString()} leaves it out
     */
    public record Repository(String url, String user, String password) {
        public static Repository of(Settings settings) {
            String url =
                    settings.jobRepositoryUrl().orElseGet(() -> defaultUrl(settings.dataDir()));
            String user =
                    settings.jobRepositoryUser()
                            .orElse(settings.jobRepositoryUrl().isPresent() ? "" : "sa");
            return new Repository(url, user, settings.jobRepositoryPassword().orElse(""));
        }

        /** Spring Batch's tables, created the first time; then a connection to check it is usable. */
        public void ensureTables() {
            try (Connection connection = JobRepositorySchema.ensure(url, user, password)) {
                // opened and checked
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "job repository " + redacted() + ": " + e.getMessage(), e);
            }
        }

        /** The Spring properties of a context on this repository (its batch jobs never start by themselves). */
        public Map<String, Object> properties() {
            Map<String, Object> props = new LinkedHashMap<>();
            props.put("spring.datasource.url", url);
            props.put("spring.datasource.username", user);
            props.put("spring.datasource.password", password);
            props.put("spring.batch.job.enabled", "false");
            props.put("spring.batch.jdbc.initialize-schema", "never");
            props.put("spring.main.log-startup-info", "false");
            return props;
        }

        /** The URL with any password in it masked. */
        public String redacted() {
            return JobRepositorySchema.redact(url);
        }

        @Override
        public String toString() {
            return "Repository[" + redacted() + ", user " + user + "]";
        }
    }

    static String defaultUrl(Path dataDir) {
        return "jdbc:h2:file:"
                + dataDir.resolve("job-repository").resolve("batch").toAbsolutePath()
                // every commit reaches the file at once (a killed run loses none); the process
                // serving the file to
                // the others may end first: they reconnect, and one of them serves it
                + ";AUTO_SERVER=TRUE;AUTO_RECONNECT=TRUE;WRITE_DELAY=0";
    }
}
