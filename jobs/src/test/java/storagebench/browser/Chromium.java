package storagebench.browser;

import java.nio.file.Path;
import java.util.logging.Level;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's Chromium, headless, driven by Debian's chromedriver through Selenium (Selenium Manager
 * cannot download drivers here: the paths are given). A test that uses it declares
 * {@code @Needs(Requirement.BROWSER)}, which checks both are there.
 */
public final class Chromium {
    private Chromium() {}

    /** Debian's {@code /usr/bin/chromium}; {@code -Dstoragebench.chromium=…} elsewhere. */
    public static Path binary() {
        return Path.of(System.getProperty("storagebench.chromium", "/usr/bin/chromium"));
    }

    /** Debian's {@code /usr/bin/chromedriver}; {@code -Dstoragebench.chromedriver=…} elsewhere. */
    public static Path driver() {
        return Path.of(System.getProperty("storagebench.chromedriver", "/usr/bin/chromedriver"));
    }

    /** A headless browser with its console log kept; quit it when done. */
    public static ChromeDriver start() {
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(driver().toFile())
                        .usingAnyFreePort()
                        .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(binary().toFile());
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
