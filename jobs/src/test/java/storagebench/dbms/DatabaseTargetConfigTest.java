package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.config.ConfigException;
import storagebench.config.Secrets;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.workload.Workload;

/** The h2, postgres and sqlserver targets' keys, checked at load with file, line, key and reason. */
class DatabaseTargetConfigTest {
    @TempDir Path tmp;
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static String yaml(String target) {
        return "experiment: db\ntarget:\n"
                + target.indent(2)
                + """
                workload:
                  type: filegroup-insert
                  rows: 10
                factors:
                  files: [1]
                """;
    }

    private static final String POSTGRES =
            """
            kind: postgres
            url: jdbc:postgresql://127.0.0.1:55432/storagebench
            user: storagebench
            password-env: STORAGEBENCH_PG_PASSWORD
            tablespace-root: /tmp/storagebench-pg/tablespaces
            """;

    @Test
    void readsAPostgresTarget() {
        // when
        Experiment e = loader.parse("e.yaml", yaml(POSTGRES + "connect-timeout: 3s\n"));
        // then
        DatabaseTarget t = (DatabaseTarget) e.target();
        assertThat(t.kind()).isEqualTo(TargetKind.POSTGRES);
        assertThat(t.dialect()).isEqualTo(TargetKind.POSTGRES.dialect());
        assertThat(t.user()).isEqualTo("storagebench");
        assertThat(t.password()).isEqualTo(new PasswordSource("STORAGEBENCH_PG_PASSWORD", null));
        assertThat(t.connectTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(t.storageRoot()).isEqualTo(Path.of("/tmp/storagebench-pg/tablespaces"));
        assertThat(e.workload()).isInstanceOf(Workload.class);
        assertThat(e.workload().params())
                .extracting(p -> p.name())
                .containsExactly("files", "rows", "name", "sample-interval");
    }

    @Test
    void h2DefaultsToAFileUnderTheDataDirAndConnectTimeoutTo10s() {
        // when
        DatabaseTarget t = (DatabaseTarget) loader.parse("e.yaml", yaml("kind: h2\n")).target();
        // then
        assertThat(t.url()).isEqualTo("jdbc:h2:file:/tmp/sb-data/h2/storagebench");
        assertThat(t.user()).isEqualTo("sa");
        assertThat(t.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(t.password()).isEqualTo(PasswordSource.NONE);
    }

    @Test
    void anInlinePasswordIsRefusedPointingToPasswordEnv() {
        assertThatThrownBy(() -> loader.parse("e.yaml", yaml(POSTGRES + "password: hunter2\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:8: 'target.password': an inline password is refused")
                .hasMessageContaining("password-env")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void theUrlMustMatchTheKind() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(POSTGRES.replace("jdbc:postgresql:", "jdbc:h2:"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:4: 'target.url': a postgres target's url starts with jdbc:postgresql:");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(
                                                "kind: h2\nurl: jdbc:postgresql://x/y;password=s3cret\n")))
                .hasMessageContaining("starts with jdbc:h2:")
                .hasMessageContaining("password=***")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> loader.parse("e.yaml", yaml("kind: postgres\nuser: x\n")))
                .hasMessageContaining("'url' (the JDBC URL, jdbc:postgresql:…) is missing");
        assertThatThrownBy(() -> loader.parse("e.yaml", yaml("kind: h2\nurl: jdbc:h2:mem:x\n")))
                .hasMessageContaining("an in-memory H2 database has no storage to measure");
    }

    @Test
    void passwordSourcesAreCheckedAtLoad() throws Exception {
        // given: a password file inside a git work tree, and one outside
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Path inside =
                Files.writeString(Files.createDirectories(repo.resolve("conf")).resolve("pw"), "x");
        Path outside = Files.writeString(tmp.resolve("pw"), "secret\n");
        // then
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(
                                                POSTGRES.replace(
                                                        "password-env: STORAGEBENCH_PG_PASSWORD",
                                                        "password-file: " + inside))))
                .hasMessageContaining("is inside the git work tree " + repo);
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(POSTGRES + "password-file: " + outside + "\n")))
                .hasMessageContaining("give password-env or password-file, not both");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(
                                                POSTGRES.replace(
                                                        "STORAGEBENCH_PG_PASSWORD",
                                                        "'$(cat /etc/shadow)'"))))
                .hasMessageContaining("is not an environment variable name");
        DatabaseTarget t =
                (DatabaseTarget)
                        loader.parse(
                                        "e.yaml",
                                        yaml(
                                                POSTGRES.replace(
                                                        "password-env: STORAGEBENCH_PG_PASSWORD",
                                                        "password-file: " + outside)))
                                .target();
        assertThat(t.password().resolve()).contains("secret");
    }

    @Test
    void anUnsetPasswordVariableIsBadInputWhenConnecting() {
        // given
        PasswordSource unset = new PasswordSource("STORAGEBENCH_TEST_SURELY_UNSET_VARIABLE", null);
        // then
        assertThatThrownBy(unset::resolve)
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "STORAGEBENCH_TEST_SURELY_UNSET_VARIABLE (target password-env) is not set");
    }

    @Test
    void theStoredConfigAndTheLocationHaveNoPassword() {
        // when
        Experiment e =
                loader.parse(
                        "e.yaml",
                        yaml("kind: h2\nurl: jdbc:h2:file:/tmp/x;USER=sa;PASSWORD=s3cret\n"));
        // then
        assertThat(((DatabaseTarget) e.target()).location())
                .isEqualTo("jdbc:h2:file:/tmp/x;USER=sa;PASSWORD=***");
        assertThat(e.source()).doesNotContain("s3cret");
    }

    @Test
    void h2TargetsRefuseTablespaceRoot() {
        assertThatThrownBy(() -> loader.parse("e.yaml", yaml("kind: h2\ntablespace-root: /tmp\n")))
                .hasMessageContaining("'target.tablespace-root': unknown key in target");
    }

    private static final String SQLSERVER =
            """
            kind: sqlserver
            url: jdbc:sqlserver://127.0.0.1:1433;databaseName=master;encrypt=true;trustServerCertificate=true
            user: sa
            password-env: STORAGEBENCH_DB_PASSWORD
            file-root: /var/opt/mssql/data/
            """;

    @Test
    void readsASqlServerTarget() {
        // when
        Experiment e = loader.parse("e.yaml", yaml(SQLSERVER));
        // then
        DatabaseTarget t = (DatabaseTarget) e.target();
        assertThat(t.kind()).isEqualTo(TargetKind.SQLSERVER);
        assertThat(t.dialect()).isEqualTo(TargetKind.SQLSERVER.dialect());
        assertThat(t.fileRoot()).isEqualTo(new ServerPath("/var/opt/mssql/data"));
        assertThat(t.storageRoot()).isNull();
        assertThat(t.password()).isEqualTo(new PasswordSource("STORAGEBENCH_DB_PASSWORD", null));
        assertThat(
                        ((DatabaseTarget)
                                        loader.parse(
                                                        "e.yaml",
                                                        yaml(
                                                                SQLSERVER.replace(
                                                                        "/var/opt/mssql/data/",
                                                                        "'D:\\SQLData'")))
                                                .target())
                                .fileRoot()
                                .path())
                .isEqualTo("D:\\SQLData");
    }

    @Test
    void aSqlServerTargetRefusesABadFileRootAndOtherKindsRefuseTheKey() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(
                                                SQLSERVER.replace(
                                                        "/var/opt/mssql/data/",
                                                        "\"/data/x'; DROP DATABASE y; --\""))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:7: 'target.file-root': ")
                .hasMessageContaining("string literals");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(SQLSERVER.replace("/var/opt/mssql/data/", "data"))))
                .hasMessageContaining("'target.file-root': 'data' must be an absolute path");
        assertThatThrownBy(() -> loader.parse("e.yaml", yaml(POSTGRES + "file-root: /tmp\n")))
                .hasMessageContaining("'target.file-root': unknown key in target");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        yaml(
                                                SQLSERVER.replace(
                                                        "jdbc:sqlserver:",
                                                        "jdbc:jtds:sqlserver:"))))
                .hasMessageContaining("a sqlserver target's url starts with jdbc:sqlserver:");
    }

    @Test
    void sqlServerUrlPasswordsAreRedactedPlainOrBraced() {
        // given: SQL Server URLs carry properties after ';', a braced value may hold ';' and '}}'
        String plain = "jdbc:sqlserver://db:1433;user=sa;password=s3cret;encrypt=true";
        String braced = "jdbc:sqlserver://db:1433;Password={s3c;r}}et};databaseName=master";
        // then
        assertThat(Secrets.redactText(plain))
                .isEqualTo("jdbc:sqlserver://db:1433;user=sa;password=***;encrypt=true");
        assertThat(Secrets.redactText(braced))
                .isEqualTo("jdbc:sqlserver://db:1433;Password=***;databaseName=master");
        assertThatThrownBy(
                        () -> loader.parse("e.yaml", yaml("kind: postgres\nurl: " + braced + "\n")))
                .hasMessageContaining("Password=***")
                .hasMessageNotContaining("s3c")
                .hasMessageNotContaining("r}}et");
    }
}
