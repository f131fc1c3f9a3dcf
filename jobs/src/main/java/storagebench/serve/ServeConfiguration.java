package storagebench.serve;

import javax.sql.DataSource;
import org.quartz.Scheduler;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.runner.RunLauncher;
import storagebench.schedule.Firings;
import storagebench.schedule.FleetFirings;
import storagebench.schedule.FleetWorker;
import storagebench.schedule.HostRegistry;
import storagebench.schedule.RunningRuns;
import storagebench.schedule.ScheduleControl;
import storagebench.schedule.ScheduleDatabase;
import storagebench.schedule.ScheduledRunner;
import storagebench.schedule.Schedules;
import storagebench.schedule.TargetLeases;
import storagebench.storage.ReadableDataset;

/**
 * The service's objects: Quartz (Spring Boot's, its JDBC store in the job repository), the runner of
 * firings, the continuous sink, the live progress and the dashboard. The settings, the Kafka
 * connection, the schedules and the options are registered by {@link Serve} before it starts.
 */
@Configuration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import({
    ServeSecurity.class,
    DashboardController.class,
    ActionsController.class,
    ServeLifecycle.class
})
class ServeConfiguration {

    @Bean
    Firings firings(DataSource dataSource) {
        return new Firings(dataSource);
    }

    @Bean
    TargetLeases targetLeases(DataSource dataSource) {
        return new TargetLeases(dataSource);
    }

    @Bean
    HostRegistry hostRegistry(DataSource dataSource) {
        return new HostRegistry(dataSource);
    }

    @Bean
    FleetFirings fleetFirings(DataSource dataSource) {
        return new FleetFirings(dataSource);
    }

    @Bean
    FleetWorker fleetWorker(
            FleetFirings fleet,
            Firings firings,
            Schedules schedules,
            ScheduledRunner runner,
            RunningRuns running,
            HostRegistry.Identity host) {
        return new FleetWorker(fleet, firings, schedules, runner, running, host.name());
    }

    @Bean
    RunningRuns runningRuns() {
        return new RunningRuns();
    }

    @Bean
    DatasetViews datasetViews(Settings settings) {
        return new DatasetViews(ReadableDataset.of(settings), DashboardController.RUNS_SHOWN);
    }

    @Bean
    LiveProgress liveProgress(DatasetViews dataset) {
        return new LiveProgress(dataset);
    }

    @Bean
    SinkLoop sinkLoop(Settings settings, KafkaConnection kafka) {
        return new SinkLoop(settings, kafka);
    }

    @Bean
    ScheduledRunner scheduledRunner(
            Settings settings,
            KafkaConnection kafka,
            Schedules schedules,
            Firings firings,
            TargetLeases leases,
            RunningRuns running,
            LiveProgress live,
            SinkLoop sink,
            HostRegistry.Identity host,
            HostRegistry hosts,
            FleetFirings fleet) {
        return new ScheduledRunner(
                new RunLauncher(settings, kafka),
                schedules,
                firings,
                leases,
                new ScheduledRunner.Node(host.name(), running, live, sink),
                new ScheduledRunner.Fleet(fleet, hosts));
    }

    @Bean
    ScheduleControl scheduleControl(
            Scheduler scheduler, Schedules schedules, Firings firings, DataSource dataSource) {
        return new ScheduleControl(scheduler, schedules, firings, dataSource);
    }

    @Bean
    RepositoryWatch repositoryWatch(DataSource dataSource, Settings settings) {
        return new RepositoryWatch(dataSource, ScheduleDatabase.of(settings).redacted());
    }
}
