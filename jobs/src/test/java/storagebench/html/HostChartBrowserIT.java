package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;
import storagebench.broker.KafkaConnection;
import storagebench.browser.Chromium;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * Seed 000's setup timed on three systems (laptop, workstation, server; IFI off and on, three times
 * each), each imported with its {@code --host} and {@code --host-label} through the real broker and
 * sink, then the HTML report of all three and of the server alone, opened offline in Debian's
 * Chromium: the hosts side by side with the sentence naming the slowest and fastest, and nothing of
 * the kind for one host.
 */
class HostChartBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "html-report");

    @TempDir static Path tmp;
    private static Path data;
    private static KafkaConnection kafka;
    private static String comparedByHost;

    /** Setup times (mm:ss) of IFI off, then on, three times each. */
    private static final Map<String, String[]> SYSTEMS =
            Map.of(
                    "laptop", new String[] {"03:36", "03:32", "03:40", "01:15", "01:17", "01:16"},
                    "workstation",
                            new String[] {"01:02", "01:00", "01:04", "01:10", "01:11", "01:09"},
                    "server", new String[] {"12:42", "12:50", "12:35", "01:16", "01:18", "01:17"});

    private static final Map<String, String> DISKS =
            Map.of("laptop", "SSD", "workstation", "NVMe", "server", "RAID10 10K SAS");

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = Main.execute(args);
        } finally {
            System.setOut(original);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        assertThat(exit).as(String.join(" ", args)).isZero();
        return printed;
    }

    @BeforeAll
    static void seed000() throws Exception {
        data = tmp.resolve("data");
        kafka =
                KafkaConnection.open(
                        Settings.load(null, Map.of(), Map.of("data-dir", data.toString())));
        Path mapping =
                Files.writeString(
                        tmp.resolve("setup-map.yaml"),
                        """
                        step: setup
                        map: {start: started, end: ended, error: error}
                        factor: {ifi: ifi}
                        """);
        for (Map.Entry<String, String[]> system : SYSTEMS.entrySet()) {
            StringBuilder rows = new StringBuilder("ifi,started,ended,error\n");
            String[] times = system.getValue();
            for (int i = 0; i < times.length; i++) {
                rows.append(i < 3 ? "off" : "on")
                        .append(",2024-03-04 0")
                        .append(i + 1)
                        .append(":00:00,2024-03-04 0")
                        .append(i + 1)
                        .append(":")
                        .append(times[i])
                        .append(",\n");
            }
            Path log = Files.writeString(tmp.resolve("seed000-" + system.getKey() + ".csv"), rows);
            run(
                    "import",
                    "--data-dir",
                    data.toString(),
                    "--format",
                    "csv",
                    "--option",
                    "mapping=" + mapping,
                    "--experiment",
                    "seed-000",
                    "--host",
                    system.getKey(),
                    "--host-label",
                    "disk=" + DISKS.get(system.getKey()),
                    "--no-report",
                    log.toString());
        }
        run(
                "report",
                "--data-dir",
                data.toString(),
                "--html",
                tmp.resolve("hosts.html").toString());
        run(
                "report",
                "--data-dir",
                data.toString(),
                "--host",
                "server",
                "--html",
                tmp.resolve("server.html").toString());
        comparedByHost =
                run(
                        "compare",
                        "--data-dir",
                        data.toString(),
                        "--experiment",
                        "seed-000",
                        "--by",
                        "host");
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void thePngsHaveTheHostsChartOfEachStepOnlyWithSeveralHosts() {
        // when
        String all =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--png",
                        tmp.resolve("all").toString());
        String one =
                run(
                        "report",
                        "--data-dir",
                        data.toString(),
                        "--host",
                        "server",
                        "--png",
                        tmp.resolve("one").toString());
        // then
        assertThat(tmp.resolve("all").resolve("seed-000--setup--hosts.png")).isNotEmptyFile();
        assertThat(tmp.resolve("all").resolve("seed-000--setup--means.png")).isNotEmptyFile();
        assertThat(all).contains("seed-000--setup--hosts.png");
        assertThat(one).contains("seed-000--setup--means.png").doesNotContain("--hosts.png");
    }

    @Needs(Requirement.BROWSER)
    @Test
    void threeHostsSideBySideWithTheSlowestAndFastestAndNoneForOneHost() throws Exception {
        ChromeDriver browser = Chromium.start();
        try {
            // when
            browser.manage().window().setSize(new Dimension(1280, 4000));
            browser.get(tmp.resolve("hosts.html").toUri().toString());
            // then: one chart of the hosts side by side, a series per host named with its labels,
            // a bar per variant in each, drawn with its whiskers
            List<WebElement> charts =
                    browser.findElements(By.cssSelector("#experiment-0 [data-chart*='-hosts-']"));
            assertThat(charts).hasSize(1);
            WebElement chart = charts.get(0);
            assertThat(chart.getAttribute("data-rendered")).isEqualTo("true");
            assertThat(chart.findElement(By.tagName("canvas")).getSize().getHeight()).isPositive();
            assertThat(series(browser, chart, "s.name"))
                    .containsExactlyInAnyOrder(
                            "laptop (disk=SSD)",
                            "workstation (disk=NVMe)",
                            "server (disk=RAID10 10K SAS)");
            assertThat(series(browser, chart, "s.data.length"))
                    .allSatisfy(n -> assertThat(((Number) n).intValue()).isEqualTo(2));
            Object whiskers =
                    script(
                            browser,
                            "return echarts.getInstanceByDom(arguments[0]).getOption().series"
                                    + ".filter(function (s) { return s.type === 'custom'; })[0]"
                                    + ".data.length;",
                            chart);
            assertThat(((Number) whiskers).intValue()).isEqualTo(6);
            // and above it, per variant, the slowest and fastest host in compare --by host's words
            List<String> sentences =
                    browser.findElements(By.cssSelector("#experiment-0 p.host-spread")).stream()
                            .map(WebElement::getText)
                            .toList();
            assertThat(sentences).hasSize(2);
            String off = sentences.stream().filter(s -> s.endsWith("at ifi=off")).findFirst().get();
            assertThat(off)
                    .startsWith(
                            "setup: slowest host server, fastest workstation: server is slower"
                                    + " than workstation by ×12.");
            String verdict = off.substring(off.indexOf("by ×"), off.indexOf(", at ifi=off"));
            assertThat(comparedByHost).contains("ifi=off vs workstation: slower " + verdict);
            WebElement above =
                    chart.findElement(By.xpath("ancestor::figure/preceding-sibling::*[1]"));
            assertThat(above.getAttribute("class")).isEqualTo("host-spread");
            assertThat(
                            browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                                    .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                                    .toList())
                    .isEmpty();
            Files.createDirectories(SCREENSHOTS);
            ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", chart);
            Files.write(SCREENSHOTS.resolve("hosts.png"), chart.getScreenshotAs(OutputType.BYTES));
            // when: the server alone
            browser.get(tmp.resolve("server.html").toUri().toString());
            // then: its charts, none of hosts, no sentence
            assertThat(browser.findElements(By.cssSelector("[data-chart*='-means-']"))).hasSize(1);
            assertThat(browser.findElements(By.cssSelector("[data-chart*='-hosts-']"))).isEmpty();
            assertThat(browser.findElements(By.cssSelector("p.host-spread"))).isEmpty();
            assertThat(browser.findElement(By.tagName("body")).getText())
                    .doesNotContain("Hosts side by side");
        } finally {
            browser.quit();
        }
    }

    /** One figure of each bar series of a drawn chart ({@code s}: the series). */
    @SuppressWarnings("unchecked")
    private static List<Object> series(ChromeDriver browser, WebElement chart, String figure) {
        return (List<Object>)
                script(
                        browser,
                        "return echarts.getInstanceByDom(arguments[0]).getOption().series"
                                + ".filter(function (s) { return s.type === 'bar'; })"
                                + ".map(function (s) { return "
                                + figure
                                + "; });",
                        chart);
    }

    private static Object script(ChromeDriver browser, String script, WebElement chart) {
        return ((JavascriptExecutor) browser).executeScript(script, chart);
    }
}
