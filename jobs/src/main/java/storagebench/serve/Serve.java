package storagebench.serve;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.schedule.HostRegistry;
import storagebench.schedule.QuartzProperties;
import storagebench.schedule.ScheduleDatabase;
import storagebench.schedule.Schedules;

/** Starts the service: the scheduler, the continuous sink and the dashboard, in one Spring context. */
public final class Serve {
    private Serve() {}

    /**
     * @return the running context; closing it ends the service (runs stopped cleanly, files rolled)
     */
    public static ConfigurableApplicationContext start(
            Settings settings, KafkaConnection kafka, Schedules schedules, ServeOptions options) {
        ScheduleDatabase repository = ScheduleDatabase.of(settings);
        repository.ensureTables();
        // refused before anything starts while a live service holds the host's name; registered
        // once the service is ready (ServeLifecycle), so its heartbeats follow at once
        HostRegistry.Identity host =
                HostRegistry.Identity.of(settings.host().name(), settings.host().labels());
        repository.use(dataSource -> new HostRegistry(dataSource).check(host));
        Map<String, Object> props = new LinkedHashMap<>(repository.properties());
        props.putAll(QuartzProperties.of(repository.url(), true));
        props.put("server.address", options.bind());
        props.put("server.port", String.valueOf(options.port()));
        props.put("server.error.include-stacktrace", "never");
        props.put("server.servlet.session.cookie.same-site", "strict");
        props.put("spring.thymeleaf.cache", "true");
        props.put("spring.mvc.async.request-timeout", "-1");
        // a lost job repository is said within seconds, not after the pool's default 30 s
        props.put("spring.datasource.hikari.connection-timeout", "5000");
        return new SpringApplicationBuilder(ServeConfiguration.class)
                .web(WebApplicationType.SERVLET)
                .bannerMode(Banner.Mode.OFF)
                .registerShutdownHook(false)
                .properties(props)
                .initializers(
                        c -> {
                            c.getBeanFactory().registerSingleton("settings", settings);
                            c.getBeanFactory().registerSingleton("kafka", kafka);
                            c.getBeanFactory().registerSingleton("schedules", schedules);
                            c.getBeanFactory().registerSingleton("serveOptions", options);
                            c.getBeanFactory().registerSingleton("hostIdentity", host);
                        })
                .run();
    }

    /** The port the dashboard listens on (the one asked for, or the free one taken for 0). */
    public static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }
}
