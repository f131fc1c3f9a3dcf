package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import storagebench.browser.Chromium;
import storagebench.cli.Main;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * The HTML report of real runs (broker, runner, sink: two runs of a small file-init experiment, 2
 * variants × 3 repetitions, and one short file-io run for the IO charts), opened offline in Debian's
 * Chromium, headless, driven by Debian's chromedriver. Skipped, saying so, when either is missing.
 * The report is checked without a browser too (the page of {@code run --html}).
 */
class HtmlReportBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "html-report");

    @TempDir static Path tmp;
    private static String runOutput;

    private static Path config(String name) {
        return Path.of("..", "pipeline-config", "local", name);
    }

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

    private static List<String> fileInit(String... more) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "run", config("file-init.yaml").toString(),
                                "--data-dir", tmp.resolve("data").toString(),
                                "--override", "factors.file-size=[1MB]",
                                "--override", "repetitions=3",
                                "--override", "warmups=1"));
        args.addAll(List.of(more));
        return args;
    }

    @BeforeAll
    static void dataset() {
        run(fileInit().toArray(String[]::new));
        runOutput =
                run(
                        fileInit("--html", tmp.resolve("file-init.html").toString())
                                .toArray(String[]::new));
        run(
                "run", config("file-io.yaml").toString(),
                "--data-dir", tmp.resolve("data").toString(),
                "--override", "workload.file-size=8MB",
                "--override", "workload.duration=2s",
                "--override", "workload.interval=500ms",
                "--override", "factors.threads=[1, 2]",
                "--set", "host.sample-interval=250ms",
                "--override", "repetitions=1",
                "--override", "warmups=0");
        run(
                "report",
                "--data-dir",
                tmp.resolve("data").toString(),
                "--html",
                tmp.resolve("all.html").toString());
    }

    @Test
    void runWritesTheReportOfItsExperimentAndPrintsItsPath() throws Exception {
        // then
        Path page = tmp.resolve("file-init.html");
        assertThat(runOutput).contains("HTML report: " + page.toAbsolutePath());
        String html = Files.readString(page);
        assertThat(html).contains("<h2>local-file-init</h2>", "Trends across runs");
        assertThat(html).doesNotContain("local-file-io");
        System.err.printf("HtmlReportBrowserIT: %s is %,d bytes%n", page, Files.size(page));
    }

    @Needs(Requirement.BROWSER)
    @Test
    void theReportRendersInChromiumWithNoErrors() throws Exception {
        ChromeDriver browser = Chromium.start();
        try {
            // when
            browser.manage().window().setSize(new Dimension(1280, 6000));
            browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
            browser.get(tmp.resolve("all.html").toUri().toString());
            // then: every chart drawn, with a size, and no error in the console
            List<WebElement> charts = browser.findElements(By.cssSelector("[data-chart]"));
            // local-file-init: means and trend of 'create'; local-file-io: means of 'io', IOPS,
            // latency
            assertThat(charts).hasSizeGreaterThanOrEqualTo(5);
            for (WebElement chart : charts) {
                assertThat(chart.getAttribute("data-rendered"))
                        .as(chart.getAttribute("data-chart"))
                        .isEqualTo("true");
                assertThat(chart.getSize().getWidth()).isPositive();
                assertThat(chart.getSize().getHeight()).isPositive();
                WebElement canvas = chart.findElement(By.tagName("canvas"));
                assertThat(canvas.getSize().getWidth()).isPositive();
                assertThat(canvas.getSize().getHeight()).isPositive();
            }
            assertThat(browser.findElements(By.cssSelector("[data-chart*='-iops-']"))).isNotEmpty();
            assertThat(browser.findElements(By.cssSelector("[data-chart*='-trend-']")))
                    .isNotEmpty();
            // the host panel: CPU utilisation and frequency, the device's IOPS, a line per variant;
            // and beside the file's IOPS, the device's
            WebElement cpu =
                    browser.findElement(
                            By.cssSelector("#experiment-1 [data-chart*='-host-cpu-busy-']"));
            assertThat(seriesNames(browser, cpu)).containsExactly("threads=1", "threads=2");
            assertThat(browser.findElements(By.cssSelector("#experiment-1 [data-chart*='-host-']")))
                    .hasSizeGreaterThanOrEqualTo(3);
            WebElement fileIops =
                    browser.findElement(
                            By.cssSelector(
                                    "#experiment-1 [data-chart*='-iops-']:not([data-chart*='-host-'])"));
            assertThat(seriesNames(browser, fileIops))
                    .contains("threads=1", "threads=2")
                    .anySatisfy(name -> assertThat(name).startsWith("device "));
            assertThat(browser.findElement(By.tagName("body")).getText())
                    .contains("Comparisons", "local-file-init", "local-file-io");
            assertThat(
                            browser.findElements(By.cssSelector("table.comparisons")).size()
                                    + browser.findElements(By.cssSelector("p.comparisons")).size())
                    .isEqualTo(2);
            // every drawn chart has data in each of its series
            for (WebElement chart : charts) {
                Object sizes =
                        ((JavascriptExecutor) browser)
                                .executeScript(
                                        "var o = echarts.getInstanceByDom(arguments[0]).getOption();"
                                                + " return o.series.filter(function (s) {"
                                                + " return s.type !== 'custom'; })"
                                                + ".map(function (s) { return s.data.length; });",
                                        chart);
                assertThat((List<?>) sizes)
                        .as(chart.getAttribute("data-chart"))
                        .isNotEmpty()
                        .allSatisfy(n -> assertThat(((Number) n).intValue()).isPositive());
            }
            // the first thing after each experiment's heading is its answer: question, verdicts
            for (WebElement heading : browser.findElements(By.cssSelector("section h2"))) {
                WebElement next = heading.findElement(By.xpath("following-sibling::*[1]"));
                assertThat(next.getAttribute("class")).as(heading.getText()).isEqualTo("answer");
                assertThat(next.findElements(By.cssSelector("ul.verdicts li")))
                        .as(heading.getText())
                        .isNotEmpty();
            }
            // file-io is compared on its headline metric, not on its fixed step duration
            WebElement fileIo = browser.findElement(By.cssSelector("#experiment-1"));
            List<String> ioMetrics =
                    fileIo.findElements(By.cssSelector("table.comparisons tbody tr")).stream()
                            .filter(
                                    tr ->
                                            tr.findElement(By.cssSelector("td:nth-child(2)"))
                                                    .getText()
                                                    .equals("io"))
                            .map(tr -> tr.findElement(By.cssSelector("td:nth-child(3)")).getText())
                            .toList();
            assertThat(ioMetrics).contains("iops").doesNotContain("duration");
            assertThat(fileIo.findElement(By.cssSelector("ul.verdicts")).getText())
                    .contains("threads=");
            // sorting a table by a column reorders its rows
            WebElement table = browser.findElement(By.cssSelector("table.summary"));
            WebElement mean = table.findElement(By.cssSelector("th:nth-child(6)"));
            mean.click();
            assertThat(mean.getAttribute("class")).contains("sorted-asc");
            List<Double> ascending = column(table, 6);
            assertThat(ascending).isSorted();
            mean.click();
            List<Double> descending = column(table, 6);
            assertThat(descending).isSortedAccordingTo(java.util.Comparator.reverseOrder());
            List<LogEntry> severe =
                    browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                            .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                            .toList();
            assertThat(severe).isEmpty();
            Object echarts = ((JavascriptExecutor) browser).executeScript("return typeof echarts");
            assertThat(echarts).isEqualTo("object");
            Files.createDirectories(SCREENSHOTS);
            Files.copy(
                    tmp.resolve("all.html"),
                    SCREENSHOTS.resolve("report.html"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Path screenshot = SCREENSHOTS.resolve("report.png");
            Files.write(screenshot, browser.getScreenshotAs(OutputType.BYTES));
            System.err.println("HtmlReportBrowserIT: screenshot " + screenshot.toAbsolutePath());
        } finally {
            browser.quit();
        }
    }

    /** The names of a drawn chart's series. */
    @SuppressWarnings("unchecked")
    private static List<String> seriesNames(ChromeDriver browser, WebElement chart) {
        return (List<String>)
                ((JavascriptExecutor) browser)
                        .executeScript(
                                "return echarts.getInstanceByDom(arguments[0]).getOption()"
                                        + ".series.filter(function (s) { return s.type !== 'custom'; })"
                                        + ".map(function (s) { return s.name; });",
                                chart);
    }

    private static List<Double> column(WebElement table, int column) {
        return table.findElements(By.cssSelector("tbody td:nth-child(" + column + ")")).stream()
                .map(td -> Double.parseDouble(td.getText()))
                .toList();
    }
}
