package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;

/**
 * An idle {@code serve} with its dashboard open ends within 5 s of SIGTERM, as its user is promised,
 * and says nothing of a run under way when none is.
 */
class ServeStopIT {
    private static final Duration PROMISED = Duration.ofSeconds(5);

    @TempDir Path tmp;

    @Test
    void anIdleServiceWithItsDashboardOpenStopsWithinFiveSeconds() throws Exception {
        // given: a service whose one schedule never fires, and a page's live-progress stream open
        // on it
        Path data = tmp.resolve("data");
        ServeFixture.experiment(tmp, "idle", 1, "0.01");
        Files.writeString(
                tmp.resolve("schedules.yaml"),
                """
                schedules:
                  - name: idle
                    experiment: idle.yaml
                    cron: "0 0 0 1 1 ? 2099"
                """);
        try (ServeProcess serve =
                ServeProcess.start(
                        ServeProcess.LOGS,
                        "ServeStopIT",
                        "--schedules",
                        tmp.resolve("schedules.yaml").toString(),
                        "--data-dir",
                        data.toString())) {
            HttpClient http = HttpClient.newHttpClient();
            HttpResponse<Stream<String>> stream =
                    http.sendAsync(
                                    HttpRequest.newBuilder(URI.create(serve.url() + "progress"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofLines())
                            .get(30, TimeUnit.SECONDS);
            assertThat(stream.statusCode()).isEqualTo(200);
            // when: SIGTERM; the time is the signal's to the process's end, its start not in it
            long sent = System.nanoTime();
            int exit = serve.terminate(PROMISED.toSeconds());
            Duration took = Duration.ofNanos(System.nanoTime() - sent);
            // then: a clean end within the promise, and no word of a run under way
            assertThat(exit).isZero();
            assertThat(took).isLessThan(PROMISED);
            assertThat(serve.output())
                    .contains("storagebench serve: stopping")
                    .contains("storagebench serve: stopped")
                    .doesNotContain("under way");
            stream.body().close();
        } finally {
            Main.execute("broker", "stop", "--data-dir", data.toString());
        }
    }
}
