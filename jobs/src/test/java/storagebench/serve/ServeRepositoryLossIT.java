package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.count;
import static storagebench.serve.ServeFixture.quietly;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;
import storagebench.config.Settings;

/**
 * The job repository lost for 30 s under a running service: an H2 server of the test's own, on
 * loopback, stopped and started again on the same port. The service says it lost the repository,
 * fires nothing meanwhile, stays up, and fires again by itself once the repository is back.
 */
class ServeRepositoryLossIT {
    @TempDir Path tmp;

    @Test
    void theServiceWaitsOutALostRepositoryAndRecoversByItself() throws Exception {
        // given: a repository on an H2 server, a schedule every 3 s
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Server h2 = tcp(port);
        String url = "jdbc:h2:tcp://127.0.0.1:" + port + "/repo";
        Path data = tmp.resolve("data");
        Settings settings =
                ServeFixture.settings(
                        data, Map.of("job-repository.url", url, "job-repository.username", "sa"));
        ServeFixture.experiment(tmp, "beat", 1, "0.01");
        Files.writeString(
                tmp.resolve("schedules.yaml"),
                """
                schedules:
                  - name: beat
                    experiment: beat.yaml
                    cron: "*/3 * * * * ?"
                    overlap: skip
                """);
        try (ServeProcess serve =
                ServeProcess.start(
                        ServeProcess.LOGS,
                        "ServeRepositoryLossIT",
                        "--schedules",
                        tmp.resolve("schedules.yaml").toString(),
                        "--data-dir",
                        data.toString(),
                        "--set",
                        "job-repository.url=" + url,
                        "--set",
                        "job-repository.username=sa")) {
            await(
                    "a completed firing",
                    Duration.ofSeconds(90),
                    quietly(() -> count(settings, "STATUS = 'COMPLETED'") >= 1),
                    serve);
            // when: the repository is gone for 30 s
            h2.stop();
            long lost = System.currentTimeMillis();
            Thread.sleep(30_000);
            h2 = tcp(port);
            long back = System.currentTimeMillis();
            // then: it said so, stayed up, fired nothing meanwhile, and fires again by itself
            assertThat(serve.alive()).isTrue();
            assertThat(serve.output())
                    .contains("cannot be reached")
                    .contains("nothing fires until it is back");
            await(
                    "a completed firing after the repository came back",
                    Duration.ofSeconds(120),
                    quietly(
                            () ->
                                    count(settings, "STATUS = 'COMPLETED' AND FIRED_MS > " + back)
                                            >= 1),
                    serve);
            assertThat(
                            count(
                                    settings,
                                    "FIRED_MS > "
                                            + (lost + 3_000)
                                            + " AND FIRED_MS < "
                                            + (back - 1_000)))
                    .isZero();
            await(
                    "the service's word that it is back",
                    Duration.ofSeconds(30),
                    () -> serve.output().contains("is back"),
                    serve);
            assertThat(serve.terminate(120)).isZero();
        } finally {
            h2.stop();
            Main.execute("broker", "stop", "--data-dir", data.toString());
        }
    }

    private Server tcp(int port) throws Exception {
        return Server.createTcpServer(
                        "-tcpPort",
                        String.valueOf(port),
                        "-baseDir",
                        tmp.resolve("h2").toString(),
                        "-ifNotExists")
                .start();
    }
}
