package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.count;
import static storagebench.serve.ServeFixture.quietly;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;
import storagebench.report.RunOverview;

/**
 * {@code serve} as a user runs it: a real service process (Quartz on the H2 job repository, the
 * embedded broker, the continuous sink), a schedule firing every few seconds, one fired by hand
 * ({@code schedule trigger}) and one whose experiment file is missing. Every scheduled run is a
 * normal run that says what fired it; one slower run after three is no change yet (too few runs for a
 * change point: ServeConfirmIT has a step found) and notifies no one; SIGTERM ends the service
 * cleanly.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServeIT {
    @TempDir static Path tmp;
    static Path data;
    static Path slow;
    static Settings settings;
    static ServeProcess serve;

    @BeforeAll
    static void start() throws Exception {
        data = tmp.resolve("data");
        settings = ServeFixture.settings(data, Map.of());
        ServeFixture.experiment(tmp, "tick", 2, "0.05");
        slow = ServeFixture.delayedExperiment(tmp, "slow", 5, "0.05");
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                """
                schedules:
                  - name: tick
                    experiment: tick.yaml
                    cron: "*/4 * * * * ?"
                    misfire: skip
                    overlap: skip
                  - name: slow
                    experiment: slow.yaml
                    cron: "0 0 0 1 1 ? 2099"
                    window: 5
                    notify:
                      command: [sh, -c, 'env | grep ^STORAGEBENCH_ > notified.env']
                  - name: broken
                    experiment: missing.yaml
                    cron: "0 0 0 1 1 ? 2099"
                """);
        serve =
                ServeProcess.start(
                        ServeProcess.LOGS,
                        "ServeIT",
                        "--schedules",
                        schedules.toString(),
                        "--data-dir",
                        data.toString(),
                        // its topic on 6 partitions: the service's sink and catch-up read them all
                        // (ServeFaultsIT and the dashboard's test run on one)
                        "--set",
                        "kafka.partitions=6");
    }

    private static int cli(String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--data-dir";
        all[args.length + 1] = data.toString();
        all[args.length + 2] = "--schedules";
        all[args.length + 3] = tmp.resolve("schedules.yaml").toString();
        return Main.execute(all);
    }

    @Test
    @Order(1)
    void scheduledFiringsAreNormalRunsThatSayWhatFiredThem() throws Exception {
        // when: the tick schedule fires every 4 s
        await(
                "two completed firings of tick",
                Duration.ofSeconds(90),
                quietly(
                        () ->
                                count(settings, "SCHEDULE_NAME = 'tick' AND STATUS = 'COMPLETED'")
                                        >= 2),
                serve);
        // then: each is a run in the dataset that names its schedule, when it was due and fired
        await(
                "tick's runs in the dataset",
                Duration.ofSeconds(60),
                quietly(
                        () ->
                                RunOverview.read(
                                                        settings.parquetDir(),
                                                        ReportFilter.all().withExperiment("tick"),
                                                        10)
                                                .stream()
                                                .filter(r -> "COMPLETED".equals(r.status()))
                                                .count()
                                        >= 2),
                serve);
        List<RunOverview> runs =
                RunOverview.read(
                        settings.parquetDir(), ReportFilter.all().withExperiment("tick"), 10);
        assertThat(runs)
                .allSatisfy(
                        r -> {
                            assertThat(r.schedule()).isEqualTo("tick");
                            assertThat(r.scheduled()).isNotNull();
                            assertThat(Duration.between(r.scheduled(), r.fired()))
                                    .isLessThan(Duration.ofSeconds(3))
                                    .isGreaterThanOrEqualTo(Duration.ZERO);
                            assertThat(r.scheduled().getEpochSecond() % 4).isZero();
                        });
        // and the broken schedule is marked, the others kept running
        assertThat(cli("schedule", "list")).isZero();
        assertThat(serve.output()).contains("schedule broken is broken: no such file");
        // and a paused schedule does not fire until it is resumed
        assertThat(cli("schedule", "pause", "tick")).isZero();
        long paused = System.currentTimeMillis();
        Thread.sleep(9_000);
        assertThat(count(settings, "SCHEDULE_NAME = 'tick' AND SCHEDULED_MS > " + (paused + 2_000)))
                .isZero();
        assertThat(cli("schedule", "resume", "tick")).isZero();
        long resumed = System.currentTimeMillis();
        await(
                "a firing of tick after its resume",
                Duration.ofSeconds(30),
                quietly(
                        () ->
                                count(
                                                settings,
                                                "SCHEDULE_NAME = 'tick' AND SCHEDULED_MS > "
                                                        + resumed)
                                        >= 1),
                serve);
        assertThat(cli("schedule", "pause", "tick")).isZero();
    }

    @Test
    @Order(2)
    void oneSlowerRunAfterThreeIsNoChangeYetAndNotifiesNoOne() throws Exception {
        // given: three runs of 50 ms trials, fired by hand
        for (int i = 1; i <= 3; i++) {
            trigger(i);
        }
        // when: the fourth run's trials take 400 ms
        Files.writeString(ServeFixture.delay(slow), "0.4");
        trigger(4);
        // then: four runs are too few to tell a change from noise; notify (on: regression) is quiet
        Map<String, Object> slower =
                ServeFixture.firings(settings, "SCHEDULE_NAME = 'slow' AND STATUS = 'COMPLETED'")
                        .get(3);
        assertThat(slower.get("MESSAGE").toString()).contains("no regression");
        try (var found = Files.walk(data.resolve("runs"))) {
            assertThat(found.filter(f -> f.endsWith("notified.env"))).isEmpty();
        }
        assertThat(RegressionRow.read(settings.parquetDir(), ReportFilter.all())).isEmpty();
    }

    private static void trigger(int n) throws Exception {
        assertThat(cli("schedule", "trigger", "slow")).isZero();
        await(
                n + " completed firing(s) of slow",
                Duration.ofSeconds(90),
                quietly(
                        () ->
                                count(settings, "SCHEDULE_NAME = 'slow' AND STATUS = 'COMPLETED'")
                                        >= n),
                serve);
    }

    @AfterAll
    static void stop() throws Exception {
        // SIGTERM: a clean end, exit 0
        int exit = serve.terminate(120);
        assertThat(serve.output()).contains("storagebench serve: stopped");
        assertThat(exit).isZero();
        Main.execute("broker", "stop", "--data-dir", data.toString());
    }
}
