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

/** Probing a real Firebird server, and the failures that stop a run before a trial. */
@SharedServers
class FirebirdTargetIT {
    @TempDir Path tmp;

    private static DatabaseTarget firebirdAt(
            String url, PasswordSource password, Duration timeout) {
        return new DatabaseTarget(
                TargetKind.FIREBIRD,
                TargetKind.FIREBIRD.dialect(),
                url,
                "SYSDBA",
                password,
                timeout,
                null,
                null);
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void snapshotHasPageSizeForcedWritesServerModeAndNoPassword() {
        // when
        TargetSnapshot s = FirebirdEnv.target().snapshot();
        // then: the server .ci/db-servers.sh starts is a SuperServer with an 8 KiB-page database
        assertThat(s.getKind()).isEqualTo("firebird");
        assertThat(s.getProduct()).startsWith("Firebird");
        assertThat(s.getProperties())
                .containsEntry("page_size", "8192")
                .containsEntry("forced_writes", "on")
                .containsEntry("ods", "12.0")
                .containsEntry("server_mode", "Super")
                .containsKeys(
                        "sweep_interval",
                        "page_buffers",
                        "engine_version",
                        "secondary_files",
                        "driver");
        assertThat(s.getProperties().get("engine_version")).startsWith("3.");
        assertThat(s.getProperties())
                .doesNotContainKeys("database_error", "engine_error", "server_mode_error");
        assertThat(s.toString()).doesNotContain(FirebirdEnv.password());
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void wrongCredentialsAreNamedWithoutThePassword() throws Exception {
        // given
        Path wrong = Files.writeString(tmp.resolve("pw"), "not-the-password-42");
        DatabaseTarget fb =
                firebirdAt(
                        FirebirdEnv.url(), new PasswordSource(null, wrong), Duration.ofSeconds(5));
        // then
        assertThatThrownBy(fb::snapshot)
                .isInstanceOf(TargetUnavailableException.class)
                .hasMessageContaining(
                        "refused the login of user 'SYSDBA' (password from " + wrong + ")")
                .hasMessageNotContaining("not-the-password-42");
    }

    @Test
    void aServerThatNeverAnswersFailsWithinTheConnectTimeout() throws Exception {
        // given: a socket that accepts (the kernel's backlog) but never speaks
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String url = "jdbc:firebird://127.0.0.1:" + silent.getLocalPort() + "/x";
            DatabaseTarget fb = firebirdAt(url, PasswordSource.NONE, Duration.ofSeconds(2));
            long start = System.nanoTime();
            // when / then
            assertThatThrownBy(fb::snapshot)
                    .isInstanceOf(TargetUnavailableException.class)
                    .hasMessageContaining("firebird target " + url)
                    .hasMessageContaining("connect-timeout");
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(6));
        }
    }

    @Test
    void aRefusedConnectionFailsAtOnceNamingTheTarget() throws Exception {
        // given: a port nobody listens on
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        DatabaseTarget fb =
                firebirdAt(
                        "jdbc:firebird://127.0.0.1:" + port + "/x?password=inurl",
                        PasswordSource.NONE,
                        Duration.ofSeconds(5));
        long start = System.nanoTime();
        // then
        assertThatThrownBy(fb::snapshot)
                .isInstanceOf(TargetUnavailableException.class)
                .hasMessageStartingWith(
                        "cannot connect to firebird target jdbc:firebird://127.0.0.1:" + port)
                .hasMessageNotContaining("inurl");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
}
