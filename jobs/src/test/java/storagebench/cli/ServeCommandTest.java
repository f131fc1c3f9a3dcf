package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code serve} and {@code schedule} refuse before anything starts: exit 2, one line. */
class ServeCommandTest {
    @TempDir Path tmp;

    @Test
    void aBadSchedulesFileNamesItsLineAndNothingStarts() throws Exception {
        // given
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                "schedules:\n  - name: nightly\n    experiment: x.yaml\n    cron: \"0 99 2 * * ?\"\n");
        // when
        CliOutput serve =
                CliOutput.run(
                        "serve",
                        "--schedules",
                        schedules.toString(),
                        "--data-dir",
                        tmp.resolve("data").toString());
        CliOutput list = scheduleList(schedules);
        // then
        assertThat(serve.exit()).isEqualTo(2);
        assertThat(serve.err())
                .contains(
                        schedules
                                + ":4: 'schedules[0].cron': '0 99 2 * * ?' is not a cron expression")
                .doesNotContain("Exception");
        assertThat(list.exit()).isEqualTo(2);
        assertThat(Files.exists(tmp.resolve("data"))).as("nothing started").isFalse();
    }

    @Test
    void aPortAnotherProcessHoldsIsOneLineAndNothingStarts() throws Exception {
        // given: the port taken
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                "schedules:\n  - name: nightly\n    experiment: x.yaml\n    cron: \"0 30 2 * * ?\"\n");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            // when
            CliOutput serve =
                    CliOutput.run(
                            "serve",
                            "--schedules",
                            schedules.toString(),
                            "--port",
                            String.valueOf(port),
                            "--data-dir",
                            tmp.resolve("data").toString());
            // then
            assertThat(serve.exit()).isEqualTo(1);
            assertThat(serve.err())
                    .contains("storagebench serve: cannot listen on 127.0.0.1:" + port + " (")
                    .endsWith(
                            "): another process may hold the port; stop it or give another --port (0:"
                                    + " any free one)\n")
                    .doesNotContain("APPLICATION FAILED TO START");
            assertThat(Files.exists(tmp.resolve("data"))).as("nothing started").isFalse();
        }
        // and an address that is not this machine's (TEST-NET-1, never assigned)
        assertThatThrownBy(() -> ServeCommand.listenable("192.0.2.1", 8080))
                .hasMessageStartingWith("--bind 192.0.2.1: cannot listen on this address (")
                .hasMessageEndingWith("); give an address of this machine");
    }

    @Test
    void scheduleListShowsTheHostsEachScheduleRunsOn() throws Exception {
        // given: two schedules, one on every host, one on the replicas
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                """
                schedules:
                  - name: everywhere
                    experiment: x.yaml
                    cron: "0 30 2 * * ?"
                    hosts: all
                  - name: replicas
                    experiment: x.yaml
                    cron: "0 30 3 * * ?"
                    hosts: {role: replica}
                """);
        // when
        CliOutput list = scheduleList(schedules);
        // then: the column hosts, as the file writes them
        assertThat(list.exit()).as(list.err()).isZero();
        assertThat(list.out().lines().findFirst().orElse("")).contains("hosts");
        assertThat(list.out())
                .containsPattern("everywhere .* all ")
                .containsPattern("replicas .* \\{role: replica\\} ");
    }

    @Test
    void listeningBeyondLoopbackNeedsAToken() throws Exception {
        // given
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                "schedules:\n  - name: nightly\n    experiment: x.yaml\n    cron: \"0 30 2 * * ?\"\n");
        // when
        CliOutput serve =
                CliOutput.run(
                        "serve",
                        "--bind",
                        "0.0.0.0",
                        "--schedules",
                        schedules.toString(),
                        "--data-dir",
                        tmp.resolve("data").toString());
        // then
        assertThat(serve.exit()).isEqualTo(2);
        assertThat(serve.err())
                .contains("--bind 0.0.0.0 reaches beyond this machine: set a token")
                .contains("STORAGEBENCH_SERVE_TOKEN");
    }

    @Test
    void aScheduleThatIsNotThereNamesTheOnesThatAre() throws Exception {
        // given
        Path schedules = tmp.resolve("schedules.yaml");
        Files.writeString(
                schedules,
                "schedules:\n  - name: nightly\n    experiment: x.yaml\n    cron: \"0 30 2 * * ?\"\n");
        // when
        CliOutput pause =
                CliOutput.run(
                        "schedule",
                        "pause",
                        "weekly",
                        "--schedules",
                        schedules.toString(),
                        "--data-dir",
                        tmp.resolve("data").toString());
        // then
        assertThat(pause.exit()).isEqualTo(2);
        assertThat(pause.err()).contains("no schedule named 'weekly'; the schedules are: nightly");
    }

    private CliOutput scheduleList(Path schedules) {
        return CliOutput.run(
                "schedule",
                "list",
                "--schedules",
                schedules.toString(),
                "--data-dir",
                tmp.resolve("data").toString());
    }
}
