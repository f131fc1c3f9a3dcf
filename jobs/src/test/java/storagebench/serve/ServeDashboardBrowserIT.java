package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;
import storagebench.browser.Chromium;
import storagebench.cli.Main;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * The dashboard of a running {@code serve} in Debian's Chromium, headless, as a person uses it: a
 * wrong token is refused, the right one lets the buttons act, "Run now" fires a schedule, the progress
 * line changes while its trials run (Server-Sent Events), the run is listed as COMPLETED with its
 * report linked, and the schedule's "previous" is the time it fired. Screenshots go under
 * target/serve-dashboard. Skipped, saying so, without Chromium.
 */
@Needs(Requirement.BROWSER)
class ServeDashboardBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "serve-dashboard");
    private static final String TOKEN = "correct horse battery staple";

    @TempDir Path tmp;

    @Test
    void aScheduleIsFiredFromThePageAndItsProgressAndReportShow() throws Exception {
        Path data = tmp.resolve("data");
        ServeFixture.experiment(tmp, "demo", 10, "0.5");
        Files.writeString(
                tmp.resolve("schedules.yaml"),
                """
                schedules:
                  - name: demo
                    experiment: demo.yaml
                    cron: "0 0 3 * * ?"
                  - name: everywhere
                    experiment: everywhere.yaml
                    cron: "0 0 4 * * ?"
                    hosts: all
                """);
        ServeFixture.experiment(tmp, "everywhere", 3, "0.2");
        Files.createDirectories(SCREENSHOTS);
        try (ServeProcess serve =
                ServeProcess.start(
                        ServeProcess.LOGS,
                        "ServeDashboardBrowserIT",
                        Map.of("STORAGEBENCH_SERVE_TOKEN", TOKEN),
                        "--schedules",
                        tmp.resolve("schedules.yaml").toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "host.name=bench-1",
                        "--set",
                        "host.labels=role=prod,disk=nvme")) {
            ChromeDriver browser = Chromium.start();
            try {
                browser.manage().window().setSize(new Dimension(1400, 1100));
                WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(120));
                // given: the dashboard, which names the schedule and asks for the token for actions
                browser.get(serve.url());
                assertThat(browser.findElement(By.cssSelector("tr[data-schedule=demo]")).getText())
                        .contains("demo", "NORMAL");
                // and on which hosts each schedule runs
                assertThat(hosts(browser, "demo")).isEqualTo("any");
                assertThat(hosts(browser, "everywhere")).isEqualTo("all");
                assertThat(browser.getPageSource()).doesNotContain(TOKEN);
                assertThat(previous(browser)).isEqualTo("–");
                // when: "Run now" without the token, then a wrong token
                click(browser, "tr[data-schedule=demo] button.trigger");
                wait.until(b -> b.getCurrentUrl().contains("/login"));
                browser.findElement(By.id("token")).sendKeys("wrong token");
                browser.findElement(By.id("login")).click();
                // then: refused
                wait.until(b -> !b.findElements(By.id("refused")).isEmpty());
                assertThat(browser.findElement(By.id("refused")).getText()).contains("Refused");
                assertThat(ServeFixture.count(ServeFixture.settings(data, Map.of()), "")).isZero();
                // when: the right token, and "Run now"
                browser.findElement(By.id("token")).sendKeys(TOKEN);
                browser.findElement(By.id("login")).click();
                wait.until(
                        b -> !b.findElements(By.cssSelector("tr[data-schedule=demo]")).isEmpty());
                click(browser, "tr[data-schedule=demo] button.trigger");
                wait.until(b -> !b.findElements(By.id("notice")).isEmpty());
                assertThat(browser.findElement(By.id("notice")).getText())
                        .isEqualTo("schedule demo fired now");
                // then: the progress line appears and changes while the trials run
                List<String> lines = new ArrayList<>();
                wait.until(
                        b -> {
                            List<WebElement> line =
                                    b.findElements(By.cssSelector("#progress .line"));
                            if (!line.isEmpty()) {
                                String text = line.get(0).getText();
                                if (!text.isEmpty() && !lines.contains(text)) {
                                    lines.add(text);
                                }
                            }
                            return lines.size() >= 3;
                        });
                assertThat(lines).allMatch(l -> l.contains("of 10 [step=one]"));
                screenshot(browser, "progress.png");
                // and once the run ends the page shows it COMPLETED, its report linked
                wait.until(
                        b ->
                                b.findElements(By.cssSelector("table.runs td.status")).stream()
                                        .anyMatch(td -> td.getText().equals("COMPLETED")));
                screenshot(browser, "dashboard.png");
                // and the schedule's "previous" is the time "Run now" fired it
                assertThat(previous(browser))
                        .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC");
                WebElement report = browser.findElement(By.cssSelector("table.runs a.report"));
                report.click();
                wait.until(b -> b.getPageSource().contains("<h2>demo</h2>"));
                assertThat(browser.findElements(By.cssSelector("[data-chart]"))).isNotEmpty();
                screenshot(browser, "report.png");
                // when: the schedule on every host is fired from the dashboard
                browser.get(serve.url());
                click(browser, "tr[data-schedule=everywhere] button.trigger");
                wait.until(b -> !b.findElements(By.id("notice")).isEmpty());
                // then: the Fleet page shows the host alive with its labels, and the fleet
                // firing's share on it completed with its result and chart
                browser.findElement(By.id("fleet-link")).click();
                wait.until(b -> b.getCurrentUrl().endsWith("/fleet"));
                assertThat(
                                browser.findElement(
                                                By.cssSelector("table.hosts tr[data-host=bench-1]"))
                                        .getText())
                        .contains("alive", "disk=nvme,role=prod");
                wait.until(
                        b -> {
                            b.navigate().refresh();
                            List<WebElement> result =
                                    b.findElements(
                                            By.cssSelector(
                                                    ".fleet-firing[data-schedule=everywhere]"
                                                            + " tr[data-host=bench-1] td.result"));
                            List<WebElement> status =
                                    b.findElements(
                                            By.cssSelector(
                                                    ".fleet-firing[data-schedule=everywhere]"
                                                            + " tr[data-host=bench-1] td.status"));
                            return !result.isEmpty()
                                    && result.get(0).getText().contains(" s ± ")
                                    && status.get(0).getText().equals("COMPLETED");
                        });
                WebElement firing =
                        browser.findElement(
                                By.cssSelector(".fleet-firing[data-schedule=everywhere]"));
                WebElement chart = firing.findElement(By.cssSelector("img.chart"));
                assertThat(
                                ((Number)
                                                browser.executeScript(
                                                        "return arguments[0].naturalWidth", chart))
                                        .intValue())
                        .isPositive();
                assertThat(browser.findElements(By.cssSelector(".trend img.chart"))).isNotEmpty();
                screenshot(browser, "fleet.png");
                List<LogEntry> severe =
                        browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                                .filter(e -> e.getLevel().getName().equals("SEVERE"))
                                .filter(e -> !e.getMessage().contains("favicon"))
                                .toList();
                assertThat(severe).as("console errors").isEmpty();
            } finally {
                browser.quit();
            }
            assertThat(serve.terminate(120)).isZero();
        } finally {
            Main.execute("broker", "stop", "--data-dir", data.toString());
        }
    }

    /** The schedule's "hosts" cell: any, all, or the names or labels it chooses. */
    private static String hosts(ChromeDriver browser, String schedule) {
        return browser.findElement(By.cssSelector("tr[data-schedule=" + schedule + "] td.hosts"))
                .getText();
    }

    /** The schedule's "previous" cell: when it fired last. */
    private static String previous(ChromeDriver browser) {
        return browser.findElement(By.cssSelector("tr[data-schedule=demo] td.previous")).getText();
    }

    private static void click(ChromeDriver browser, String css) {
        browser.findElement(By.cssSelector(css)).click();
    }

    private static void screenshot(ChromeDriver browser, String name) throws Exception {
        Files.write(SCREENSHOTS.resolve(name), browser.getScreenshotAs(OutputType.BYTES));
    }
}
