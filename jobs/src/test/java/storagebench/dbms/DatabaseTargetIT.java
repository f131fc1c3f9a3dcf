package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.TargetSnapshot;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;

/** Probing real databases: what the snapshot holds, and the failures that stop a run before a trial. */
@SharedServers
class DatabaseTargetIT {
    @TempDir Path tmp;

    private DatabaseTarget postgresAt(String url, PasswordSource password, Duration timeout) {
        return new DatabaseTarget(
                TargetKind.POSTGRES,
                TargetKind.POSTGRES.dialect(),
                url,
                "storagebench",
                password,
                timeout,
                null,
                null);
    }

    @Test
    void h2SnapshotHasVersionAndStore() {
        // given
        DatabaseTarget h2 =
                new DatabaseTarget(
                        TargetKind.H2,
                        TargetKind.H2.dialect(),
                        "jdbc:h2:file:" + tmp.resolve("db"),
                        "sa",
                        PasswordSource.NONE,
                        Duration.ofSeconds(10),
                        null,
                        null);
        // when
        TargetSnapshot s = h2.snapshot();
        // then
        assertThat(s.getKind()).isEqualTo("h2");
        assertThat(s.getProduct()).isEqualTo("H2");
        assertThat(s.getVersion()).startsWith("2.");
        assertThat(s.getProperties())
                .containsEntry("storage_engine", "MVStore")
                .containsEntry("COMPRESS", "false")
                .containsKeys("info.VERSION", "info.PAGE_SIZE", "WRITE_DELAY", "user");
    }

    @Test
    void aRefusedConnectionFailsAtOnceNamingTheTarget() throws Exception {
        // given: a port nobody listens on
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DatabaseTarget pg =
                postgresAt(
                        "jdbc:postgresql://127.0.0.1:" + port + "/x?password=inurl",
                        PasswordSource.NONE,
                        Duration.ofSeconds(5));
        // then
        assertThatThrownBy(pg::snapshot)
                .isInstanceOf(TargetUnavailableException.class)
                .hasMessageStartingWith(
                        "cannot connect to postgres target jdbc:postgresql://127.0.0.1:"
                                + port
                                + "/x?password=***")
                .hasMessageNotContaining("inurl");
    }

    @Test
    void aUrlWrittenAsAReferenceIsNamedAsWrittenOnce() throws Exception {
        // given: a port nobody listens on, behind a variable that is not set
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String written =
                "${env:STORAGEBENCH_TEST_NEVER_SET_URL:-jdbc:postgresql://127.0.0.1:"
                        + port
                        + "/x}";
        DatabaseTarget pg = postgresAt(written, PasswordSource.NONE, Duration.ofSeconds(5));
        // then: the URL as written, not put inside itself where the driver's words named it
        assertThatThrownBy(pg::snapshot)
                .isInstanceOf(TargetUnavailableException.class)
                .hasMessageStartingWith(
                        "cannot connect to postgres target " + written + " (connect-timeout 5s): ")
                .satisfies(e -> assertThat(e.getMessage().split("\\$\\{env:", -1)).hasSize(2));
    }

    @Test
    void aServerThatNeverAnswersFailsWithinTheConnectTimeout() throws Exception {
        // given: a socket that accepts (the kernel's backlog) but never speaks
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            DatabaseTarget pg =
                    postgresAt(
                            "jdbc:postgresql://127.0.0.1:" + silent.getLocalPort() + "/x",
                            PasswordSource.NONE,
                            Duration.ofSeconds(2));
            long start = System.nanoTime();
            // when / then
            assertThatThrownBy(pg::snapshot)
                    .isInstanceOf(TargetUnavailableException.class)
                    .hasMessageContaining(
                            "postgres target jdbc:postgresql://127.0.0.1:" + silent.getLocalPort())
                    .hasMessageContaining("connect-timeout");
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(6));
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void postgresSnapshotHasTheStorageSettingsAndNoPassword() {
        // when
        TargetSnapshot s = PostgresEnv.target().snapshot();
        // then
        assertThat(s.getProduct()).isEqualTo("PostgreSQL");
        assertThat(s.getProperties())
                .containsKeys(
                        "wal_init_zero",
                        "wal_recycle",
                        "fsync",
                        "full_page_writes",
                        "block_size",
                        "wal_segment_size",
                        "synchronous_commit",
                        "superuser");
        assertThat(s.getProperties()).containsEntry("block_size", "8192");
        assertThat(s.toString()).doesNotContain(System.getenv("STORAGEBENCH_PG_PASSWORD"));
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void wrongCredentialsAreNamedWithoutThePassword() throws Exception {
        // given
        Path wrong = Files.writeString(tmp.resolve("pw"), "not-the-password-42");
        DatabaseTarget pg =
                postgresAt(
                        PostgresEnv.url(), new PasswordSource(null, wrong), Duration.ofSeconds(5));
        // then
        assertThatThrownBy(pg::snapshot)
                .isInstanceOf(TargetUnavailableException.class)
                .hasMessageContaining(
                        "refused the login of user 'storagebench' (password from " + wrong + ")")
                .hasMessageNotContaining("not-the-password-42");
    }
}
