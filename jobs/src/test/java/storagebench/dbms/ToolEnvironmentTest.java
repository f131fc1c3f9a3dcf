package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.sqlserver.SqlServerKind;

class ToolEnvironmentTest {
    @TempDir Path tmp;

    private DatabaseTarget target(TargetKind kind, SqlDialect dialect, String url, String user)
            throws Exception {
        Path password = Files.writeString(tmp.resolve("pw"), "s3cret-pw");
        return new DatabaseTarget(
                kind,
                dialect,
                url,
                user,
                new PasswordSource(null, password),
                Duration.ofSeconds(7),
                null,
                null);
    }

    @Test
    void sqlServerBecomesSqlcmdsVariables() throws Exception {
        // when
        Map<String, String> env =
                ToolEnvironment.of(
                        target(
                                TargetKind.SQLSERVER,
                                TargetKind.SQLSERVER.dialect(),
                                "jdbc:sqlserver://db1\\SQL2022:1433;databaseName=bench;encrypt=true;password=inline",
                                "sa"));
        // then
        assertThat(env)
                .containsEntry("SQLCMDSERVER", "db1\\SQL2022,1433")
                .containsEntry("SQLCMDDBNAME", "bench")
                .containsEntry("SQLCMDUSER", "sa")
                .containsEntry("SQLCMDPASSWORD", "s3cret-pw")
                .containsEntry("STORAGEBENCH_TARGET_KIND", "sqlserver")
                .containsEntry(
                        "STORAGEBENCH_TARGET_URL",
                        "jdbc:sqlserver://db1\\SQL2022:1433;databaseName=bench;encrypt=true;password=***");
        assertThat(SqlServerKind.sqlcmd("jdbc:sqlserver://localhost"))
                .containsExactly(Map.entry("SQLCMDSERVER", "localhost"));
    }

    @Test
    void postgresBecomesLibpqsVariablesAndFirebirdItsOwn() throws Exception {
        Map<String, String> pg =
                ToolEnvironment.of(
                        target(
                                TargetKind.POSTGRES,
                                TargetKind.POSTGRES.dialect(),
                                "jdbc:postgresql://127.0.0.1:55432/bench",
                                "storagebench"));
        assertThat(pg)
                .containsEntry("PGHOST", "127.0.0.1")
                .containsEntry("PGPORT", "55432")
                .containsEntry("PGDATABASE", "bench")
                .containsEntry("PGUSER", "storagebench")
                .containsEntry("PGPASSWORD", "s3cret-pw")
                .containsEntry("PGCONNECT_TIMEOUT", "7");
        Map<String, String> fb =
                ToolEnvironment.of(
                        target(
                                TargetKind.FIREBIRD,
                                TargetKind.FIREBIRD.dialect(),
                                "jdbc:firebird://127.0.0.1:53050/storagebench",
                                "SYSDBA"));
        assertThat(fb)
                .containsEntry("ISC_USER", "SYSDBA")
                .containsEntry("ISC_PASSWORD", "s3cret-pw");
    }

    @Test
    void aUrlSqlcmdCannotTakeIsABadInputWithoutItsPassword() {
        assertThatThrownBy(
                        () ->
                                SqlServerKind.sqlcmd(
                                        "jdbc:sqlserver://;serverName=x;password=hunter2"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("cannot be passed to sqlcmd")
                .message()
                .doesNotContain("hunter2");
    }
}
