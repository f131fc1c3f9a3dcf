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
    private BatchContext() {}

    /**
     * Starts the Spring context of {@code configuration} against the settings' job repository.
     *
     * @param beans singletons the configuration's bean methods take as parameters, by bean name
     */
    public static ConfigurableApplicationContext start(
            Settings settings, Class<?> configuration, Map<String, Object> beans) {
        String url = settings.jobRepositoryUrl().orElseGet(() -> defaultUrl(settings.dataDir()));
        String user =
                settings.jobRepositoryUser()
                        .orElse(settings.jobRepositoryUrl().isPresent() ? "" : "sa");
        String password = settings.jobRepositoryPassword().orElse("");
        Connection held = JobRepositorySchema.ensure(url, user, password);
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("spring.datasource.url", url);
        props.put("spring.datasource.username", user);
        props.put("spring.datasource.password", password);
        props.put("spring.batch.job.enabled", "false");
        props.put("spring.batch.jdbc.initialize-schema", "never");
        props.put("spring.main.log-startup-info", "false");
        // No shutdown hook: on SIGTERM the command stops its job itself and needs the job
        // repository until then.
        try (Connection open = held) {
            return new SpringApplicationBuilder(configuration)
                    .web(WebApplicationType.NONE)
                    .bannerMode(Banner.Mode.OFF)
                    .registerShutdownHook(false)
                    .properties(props)
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
                    "job repository " + JobRepositorySchema.redact(url) + ": " + e.getMessage(), e);
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
