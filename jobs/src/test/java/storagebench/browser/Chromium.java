package storagebench.browser;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver through Selenium (Selenium Manager
 * cannot download drivers here: the paths are given). Tests that need it are skipped, saying so,
 * when either is missing.
 */
public final class Chromium {
    /** Debian's paths; {@code -Dstoragebench.chromium=…}, {@code -Dstoragebench.chromedriver=…} elsewhere. */
    public static final Path BINARY =
            Path.of(System.getProperty("storagebench.chromium", "/usr/bin/chromium"));

    public static final Path DRIVER =
            Path.of(System.getProperty("storagebench.chromedriver", "/usr/bin/chromedriver"));

    private Chromium() {}

    /** Skips the calling test, saying why, without Chromium or its driver. */
    public static void assume(String test) {
        boolean present = Files.isExecutable(BINARY) && Files.isExecutable(DRIVER);
        if (!present) {
            System.err.println(
                    test
                            + " skipped: needs "
                            + BINARY
                            + " and "
                            + DRIVER
                            + " (apt-get install chromium chromium-driver)");
        }
        assumeTrue(present, "needs " + BINARY + " and " + DRIVER);
    }

    /** A headless browser with its console log kept; quit it when done. */
    public static ChromeDriver start() {
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(DRIVER.toFile())
                        .usingAnyFreePort()
                        .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        return new ChromeDriver(service, options);
    }
}
