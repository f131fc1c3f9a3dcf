package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.experiment.ExperimentLoader;

/**
 * What a workload that makes databases of its own reaches through {@link Target#as}: the kinds that
 * offer {@link ServerDatabases} and what each answers, without a server (the drops run against the
 * servers in the workloads' integration tests).
 */
class ServerDatabasesTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private Target read(String target) {
        return read(target, "{type: command, command: \"true\"}");
    }

    private Target read(String target, String workload) {
        return loader.parse(
                        "e.yaml",
                        "experiment: db\ntarget:\n"
                                + target.indent(2)
                                + "workload: "
                                + workload
                                + "\n")
                .target();
    }

    @Test
    void postgresNamesDatabasesByNameOnTheSameServerWithTheUrlsProperties() {
        // given
        Target pg =
                read(
                        "kind: postgres\nurl: jdbc:postgresql://db.example:5433/bench?sslmode=require\n"
                                + "user: alice\n");
        // when
        ServerDatabases databases = ServerDatabases.of(pg, "oltp");
        // then
        assertThat(databases.own()).isEqualTo("bench");
        assertThat(databases.url("sb_oltp", ""))
                .isEqualTo("jdbc:postgresql://db.example:5433/sb_oltp?sslmode=require");
        assertThat(databases.url("sb_oltp", "reWriteBatchedInserts=true"))
                .isEqualTo(
                        "jdbc:postgresql://db.example:5433/sb_oltp?sslmode=require&reWriteBatchedInserts=true");
        assertThat(databases.toolName("sb_oltp")).isEqualTo("sb_oltp");
        assertThat(databases.toolEnvironment("sb_oltp"))
                .containsEntry("PGHOST", "db.example")
                .containsEntry("PGPORT", "5433")
                .containsEntry("PGDATABASE", "sb_oltp")
                .containsEntry("PGUSER", "alice")
                .containsEntry("PGSSLMODE", "require");
    }

    @Test
    void aUrlWithoutPropertiesGainsOnlyTheGivenOnes() {
        ServerDatabases databases =
                ServerDatabases.of(
                        read("kind: postgres\nurl: jdbc:postgresql://127.0.0.1/bench\n"), "oltp");
        assertThat(databases.url("x", "a=1")).isEqualTo("jdbc:postgresql://127.0.0.1/x?a=1");
    }

    @Test
    void firebirdNamesDatabasesByTheirFileOnTheServer() {
        // given
        Target fb =
                read(
                        """
                        kind: firebird
                        url: jdbc:firebird://127.0.0.1:53050/storagebench?charSet=UTF-8
                        user: SYSDBA
                        database-root: /tmp
                        """);
        // when
        ServerDatabases databases = ServerDatabases.of(fb, "restore");
        // then
        assertThat(databases.own()).isEqualTo("storagebench");
        assertThat(databases.url("/tmp/r.fdb", ""))
                .isEqualTo("jdbc:firebird://127.0.0.1:53050//tmp/r.fdb?charSet=UTF-8");
        assertThat(databases.url("/tmp/r.fdb", "page_size=8192"))
                .isEqualTo(
                        "jdbc:firebird://127.0.0.1:53050//tmp/r.fdb?charSet=UTF-8&page_size=8192");
        assertThat(databases.toolName("/tmp/r.fdb")).isEqualTo("127.0.0.1/53050:/tmp/r.fdb");
        assertThat(databases.toolEnvironment("/tmp/r.fdb")).containsEntry("ISC_USER", "SYSDBA");
    }

    @Test
    void kindsWithoutOtherDatabasesAreRefusedNamingTheWorkload() {
        Target h2 =
                read(
                        "kind: h2\nurl: jdbc:h2:file:/tmp/sb-h2/x\n",
                        "{type: filegroup-insert, rows: 1}");
        assertThat(h2.as(ServerDatabases.class)).isEmpty();
        assertThat(read("kind: local\ndirectory: /tmp/sb\n").as(ServerDatabases.class)).isEmpty();
        assertThatThrownBy(() -> ServerDatabases.of(h2, "restore"))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "restore makes databases of its own, which the h2 target does not offer in this version");
    }

    @Test
    void sqlServersUrlNamesItsDatabaseInAProperty() {
        // given
        DatabaseTarget named =
                (DatabaseTarget)
                        read(
                                "kind: sqlserver\nurl: jdbc:sqlserver://127.0.0.1:1433;databaseName=bench;encrypt=true\n");
        DatabaseTarget unnamed =
                (DatabaseTarget) read("kind: sqlserver\nurl: jdbc:sqlserver://127.0.0.1:1433\n");
        // then
        assertThat(named.kind().database().urlDatabase(named)).contains("bench");
        assertThat(unnamed.kind().database().urlDatabase(unnamed)).isEmpty();
        assertThat(named.kind().database().ioCountersPerDatabase()).isTrue();
    }
}
