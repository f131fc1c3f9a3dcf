package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.count;
import static storagebench.serve.ServeFixture.quietly;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import storagebench.broker.KafkaConnection;
import storagebench.browser.Chromium;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.events.EventPublisher;
import storagebench.events.Regression;
import storagebench.html.TrendAnchor;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;
import storagebench.report.RunOverview;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.sink.TestEvents;

/**
 * A team's nightly schedule with {@code confirm: rerun}, fired one firing after the other (as nights
 * follow each other; {@code schedule trigger}, so that no run is measured beside another's check): a
 * stretch of runs at one level raises nothing; then its experiment gets slower (the sleep its trials
 * read from a file), and the service raises one regression for the step, confirmed by a rerun, at the
 * run where it happened, and no other for the runs after it; the report's trend chart marks it and the
 * dashboard links to the mark. A regression a rerun did not confirm shows as "not confirmed (noise?)".
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServeConfirmIT {
    /**
     * Runs at the first level: enough that three at the next can be told from them (the rank-sum
     * test's least p with 3 of 13 runs is 2 / C(13, 3) = 0.007), and a worse change point is raised
     * only while it lies within the last 3 runs.
     */
    private static final int BEFORE = 10;

    /** The firings after the step within which the check must find it. */
    private static final int FOUND_WITHIN = 3;

    private static final int AFTER = 2;

    @TempDir static Path tmp;
    static Path data;
    static Path experiment;
    static Settings settings;
    static ServeProcess serve;

    /** The first run at the new level, and the firing that confirmed it. */
    static String stepRun;

    static Map<String, Object> confirming;

    @BeforeAll
    static void start() throws Exception {
        data = tmp.resolve("data");
        settings = ServeFixture.settings(data, Map.of());
        experiment = ServeFixture.delayedExperiment(tmp, "nightly-e", 3, "0.1");
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                """
                schedules:
                  - name: nightly
                    experiment: nightly-e.yaml
                    cron: "0 0 0 1 1 ? 2099"
                    confirm: rerun
                    notify:
                      command: [sh, -c, 'env | grep ^STORAGEBENCH_ > notified.env']
                """);
        serve =
                ServeProcess.start(
                        ServeProcess.LOGS,
                        "ServeConfirmIT",
                        "--schedules",
                        schedules.toString(),
                        "--data-dir",
                        data.toString(),
                        // an event published by the test itself is in the dataset in seconds
                        "--set",
                        "sink.idle-roll-seconds=2");
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

    private static long completed() throws Exception {
        return count(settings, "SCHEDULE_NAME = 'nightly' AND STATUS = 'COMPLETED'");
    }

    private static List<RegressionRow> regressions() {
        return RegressionRow.read(settings.parquetDir(), ReportFilter.all()).stream()
                .filter(r -> "nightly".equals(r.schedule()))
                .toList();
    }

    @Test
    @Order(1)
    void aStepInTheNightlyResultsIsOneRegressionConfirmedByARerunAtTheRunWhereItHappened()
            throws Exception {
        // given: runs at one level, and none of them a regression
        for (int n = 1; n <= BEFORE; n++) {
            fire(n);
        }
        assertThat(count(settings, "MESSAGE LIKE '%REGRESSION%'"))
                .as("a stretch of noise raises nothing")
                .isZero();
        // when: the trials sleep six times as long from the next run on: a step that a loaded
        // machine's
        // own overhead in a run's mean (a spike of a few hundred ms) does not blur, so that the
        // three
        // runs after it are all slower than the ten before (a rank test's only way to p < 0.01)
        Files.writeString(ServeFixture.delay(experiment), "0.6");
        Instant step = Instant.now();
        // then: a firing's check finds it within a few runs and its rerun confirms it
        int n = BEFORE;
        while (count(settings, "RERUN_ID IS NOT NULL") == 0 && n < BEFORE + FOUND_WITHIN) {
            fire(++n);
        }
        assertThat(count(settings, "RERUN_ID IS NOT NULL")).as("a firing with a rerun").isOne();
        confirming = ServeFixture.firings(settings, "RERUN_ID IS NOT NULL").get(0);
        // and the runs after it are its new level, not new regressions
        for (int i = 1; i <= AFTER; i++) {
            fire(++n);
        }
        long all = n;
        await(
                "the dataset holding every run and the regression",
                Duration.ofSeconds(60),
                quietly(() -> !regressions().isEmpty() && runsInDataset() >= all + 1),
                serve);
        List<RegressionRow> found = regressions();
        assertThat(found).as("one regression: " + found).hasSize(1);
        RegressionRow regression = found.get(0);
        assertThat(regression.metric()).isEqualTo("duration");
        assertThat(regression.confirmed()).isTrue();
        assertThat(regression.rerunId()).isEqualTo(confirming.get("RERUN_ID"));
        assertThat(regression.runId()).isEqualTo(confirming.get("RUN_ID"));
        // the trials' sleep ×6; each run's mean also holds the trial's own overhead, so its
        // duration
        // grows less than that (a tripled sleep measured ×1.76 to ×1.84): well over +100%
        assertThat(regression.change()).isGreaterThan(1.0);
        // at the run where it happened: the first that started after the step
        stepRun =
                RunOverview.read(
                                settings.parquetDir(),
                                ReportFilter.all().withExperiment("nightly-e"),
                                100)
                        .stream()
                        .filter(r -> r.started().isAfter(step))
                        .min(java.util.Comparator.comparing(RunOverview::started))
                        .orElseThrow()
                        .runId();
        assertThat(regression.changePointRun()).isEqualTo(stepRun);
        // and the rerun is a run of the schedule in the dataset
        assertThat(
                        RunOverview.read(
                                        settings.parquetDir(),
                                        ReportFilter.run(regression.rerunId()),
                                        1)
                                .get(0)
                                .schedule())
                .isEqualTo("nightly");
        // and notify heard of it, once
        Path notified = data.resolve("runs").resolve(regression.runId()).resolve("notified.env");
        assertThat(Files.readString(notified))
                .contains("STORAGEBENCH_REGRESSION=1")
                .contains("confirmed by rerun " + regression.rerunId());
        try (var runs = Files.walk(data.resolve("runs"))) {
            assertThat(runs.filter(f -> f.endsWith("notified.env")).count()).isEqualTo(1);
        }
        // and the trend chart marks it, where the dashboard links to
        String report = get("/experiments/nightly-e/report");
        String anchor =
                TrendAnchor.changePoint(
                        regression.host(), regression.step(), regression.variant(), stepRun);
        assertThat(report).contains("id=\"" + anchor + "\"").contains("\"run\":\"" + stepRun);
        assertThat(get("/")).contains("/experiments/nightly-e/report#" + anchor);
    }

    @Test
    @Order(2)
    void aRegressionNotConfirmedShowsAsNoise() throws Exception {
        // given: an event as a rerun that undid a step leaves it
        Regression noise =
                Regression.newBuilder(
                                TestEvents.regression("noisy-run", "nightly-e", Instant.now()))
                        .setSchedule("nightly")
                        .setMethod("changepoint")
                        .setChangePointRunId("noisy-run")
                        .setConfirmed(false)
                        .setRerunId("noisy-rerun")
                        .build();
        try (KafkaConnection kafka = KafkaConnection.open(settings);
                EventPublisher publisher = new EventPublisher(kafka, "confirm-it")) {
            publisher.publish("noisy-run", List.of(noise));
        }
        // then: the dashboard says so
        await(
                "the unconfirmed regression on the dashboard",
                Duration.ofSeconds(60),
                quietly(() -> get("/").contains("not confirmed (noise?): rerun noisy-rerun")),
                serve);
    }

    @Test
    @Order(3)
    @Needs(Requirement.BROWSER)
    void inABrowserTheDashboardLinksToTheMarkOnTheTrendChart() throws Exception {
        Path screenshots = Path.of("target", "serve-dashboard");
        Files.createDirectories(screenshots);
        ChromeDriver browser = Chromium.start();
        try {
            browser.manage().window().setSize(new Dimension(1400, 1100));
            WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
            // given: the dashboard, with the unconfirmed one greyed
            browser.get(serve.url());
            assertThat(browser.findElement(By.cssSelector("tr.unconfirmed")).getText())
                    .contains("not confirmed (noise?)");
            // when: the confirmed regression's run is followed
            browser.findElement(By.cssSelector("table.regressions tr:not(.unconfirmed) a.chart"))
                    .click();
            // then: the report, at the change point, whose chart has a line at its run
            wait.until(b -> b.getCurrentUrl().contains("#trend-"));
            wait.until(
                    b ->
                            !b.findElements(
                                            By.cssSelector(
                                                    "[data-chart*='-trend-'][data-rendered]"))
                                    .isEmpty());
            // the change point the link led to (a loaded machine may show others, of noise)
            WebElement target = browser.findElement(By.cssSelector(".change-points li:target"));
            assertThat(target.getAttribute("class")).isEqualTo("worse");
            assertThat(target.getText()).contains("since run " + stepRun);
            Object label =
                    browser.executeScript(
                            "var el = document.querySelector(\"[data-chart*='-trend-']\");"
                                    + " var o = echarts.getInstanceByDom(el).getOption();"
                                    + " var s = o.series.filter(function (s) { return s.markLine; });"
                                    + " return s.length ? s[0].markLine.data[0].label.formatter : null;");
            assertThat(String.valueOf(label)).startsWith("×");
            Files.write(
                    screenshots.resolve("change-point.png"),
                    browser.getScreenshotAs(OutputType.BYTES));
        } finally {
            browser.quit();
        }
    }

    /** The completed runs of the experiment in the dataset. */
    private static long runsInDataset() {
        return RunOverview.read(
                        settings.parquetDir(), ReportFilter.all().withExperiment("nightly-e"), 200)
                .stream()
                .filter(r -> "COMPLETED".equals(r.status()))
                .count();
    }

    /** Fires the schedule by hand and waits until that, its {@code n}th firing, completed. */
    private static void fire(int n) throws Exception {
        assertThat(cli("schedule", "trigger", "nightly")).isZero();
        await(
                n + " completed firing(s)",
                Duration.ofSeconds(60),
                quietly(() -> completed() >= n),
                serve);
    }

    private static String get(String path) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create(serve.url()).resolve(path)).build(),
                        HttpResponse.BodyHandlers.ofString());
        return response.body();
    }

    @AfterAll
    static void stop() throws Exception {
        if (serve != null) {
            assertThat(serve.terminate(120)).isZero();
        }
        Main.execute("broker", "stop", "--data-dir", data.toString());
    }
}
