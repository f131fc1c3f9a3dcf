package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;
import storagebench.dbms.firebird.FirebirdServer;
import storagebench.experiment.ExperimentLoader;

/** The firebird target's keys, checked at load with file, line, key and reason. */
class FirebirdTargetConfigTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static final String FIREBIRD =
            """
            kind: firebird
            url: jdbc:firebird://127.0.0.1:53050/storagebench
            user: SYSDBA
            password-env: STORAGEBENCH_FB_PASSWORD
            database-root: /tmp/storagebench-fb/databases
            """;

    private static String yaml(String target) {
        return "experiment: db\ntarget:\n"
                + target.indent(2)
                + "workload: {type: filegroup-insert, rows: 10}\n";
    }

    private DatabaseTarget read(String target) {
        return (DatabaseTarget) loader.parse("e.yaml", yaml(target)).target();
    }

    @Test
    void readsAFirebirdTarget() {
        // when
        DatabaseTarget t = read(FIREBIRD + "connect-timeout: 4s\n");
        // then
        assertThat(t.kind()).isEqualTo(TargetKind.FIREBIRD);
        assertThat(t.dialect()).isEqualTo(TargetKind.FIREBIRD.dialect());
        assertThat(t.password()).isEqualTo(new PasswordSource("STORAGEBENCH_FB_PASSWORD", null));
        assertThat(t.connectTimeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(t.storageRoot()).isEqualTo(Path.of("/tmp/storagebench-fb/databases"));
        assertThat(FirebirdServer.parse(t.url()))
                .isEqualTo(
                        new FirebirdServer(
                                "jdbc:firebird:", "127.0.0.1", 53050, "storagebench", ""));
    }

    @Test
    void theUserDefaultsToSysdbaAndTheOlderPrefixAndUrlFormAreRead() {
        // when
        DatabaseTarget t =
                read(
                        "kind: firebird\nurl: jdbc:firebirdsql:db.example/3051:/var/db/x.fdb?charSet=UTF-8\n"
                                + "password-env: P\n");
        FirebirdServer server = FirebirdServer.parse(t.url());
        // then
        assertThat(t.user()).isEqualTo("SYSDBA");
        assertThat(server)
                .isEqualTo(
                        new FirebirdServer(
                                "jdbc:firebirdsql:",
                                "db.example",
                                3051,
                                "/var/db/x.fdb",
                                "charSet=UTF-8"));
        assertThat(server.url(Path.of("/srv/fb/t.fdb")))
                .isEqualTo("jdbc:firebirdsql://db.example:3051//srv/fb/t.fdb?charSet=UTF-8");
        assertThat(server.remote(Path.of("/srv/fb/t.fdb")))
                .isEqualTo("db.example/3051:/srv/fb/t.fdb");
        assertThat(FirebirdServer.parse("jdbc:firebird://h/alias").port()).isEqualTo(3050);
    }

    @Test
    void aUrlOfAnotherKindOrWithoutAHostIsRefusedWithFileAndLine() {
        assertThatThrownBy(() -> read(FIREBIRD.replace("jdbc:firebird:", "jdbc:postgresql:")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:4: 'target.url': a firebird target's url starts with jdbc:firebird:");
        assertThatThrownBy(
                        () ->
                                read(
                                        "kind: firebird\nurl: jdbc:firebird:/var/db/x.fdb?password=s3cret\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:4: 'target.url': cannot read host, port and database")
                .hasMessageContaining("jdbc:firebird://HOST:PORT/DATABASE")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> read("kind: firebird\nuser: x\n"))
                .hasMessageContaining("'url' (the JDBC URL, jdbc:firebird:…) is missing");
    }

    @Test
    void anInlinePasswordIsRefused() {
        assertThatThrownBy(() -> read(FIREBIRD + "password: masterkey\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:8: 'target.password': an inline password is refused")
                .hasMessageNotContaining("masterkey");
    }

    @Test
    void firebirdHasDatabaseRootNotTablespaceRoot() {
        assertThatThrownBy(() -> read(FIREBIRD + "tablespace-root: /tmp\n"))
                .hasMessageContaining("e.yaml:8: 'target.tablespace-root': unknown key in target");
        assertThatThrownBy(
                        () ->
                                read(
                                        "kind: postgres\nurl: jdbc:postgresql://h/d\ndatabase-root: /tmp\n"))
                .hasMessageContaining("'target.database-root': unknown key in target");
    }
}
