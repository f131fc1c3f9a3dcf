package storagebench.dbms.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import storagebench.BadInputException;

class PgConnectionTest {

    @Test
    void hostPortDatabaseAndSslmodeBecomeLibpqVariablesAndNeverThePassword() {
        // given
        PgConnection c =
                PgConnection.of(
                        "jdbc:postgresql://db.example:5433/bench?sslmode=require&password=s3cret");
        // when
        var env = c.environment("sb_restore", "alice", 10);
        // then
        assertThat(env)
                .containsEntry("PGHOST", "db.example")
                .containsEntry("PGPORT", "5433")
                .containsEntry("PGDATABASE", "sb_restore")
                .containsEntry("PGUSER", "alice")
                .containsEntry("PGCONNECT_TIMEOUT", "10")
                .containsEntry("PGSSLMODE", "require");
        assertThat(env.values()).doesNotContain("s3cret");
        assertThat(c.url("other"))
                .startsWith("jdbc:postgresql://db.example:5433/other?sslmode=require");
    }

    @Test
    void shortFormsAndIpv6() {
        assertThat(PgConnection.of("jdbc:postgresql:bench"))
                .extracting(PgConnection::host, PgConnection::port, PgConnection::database)
                .containsExactly("", "", "bench");
        PgConnection v6 = PgConnection.of("jdbc:postgresql://[::1]:55432/bench");
        assertThat(v6.host()).isEqualTo("::1");
        assertThat(v6.url("x")).isEqualTo("jdbc:postgresql://[::1]:55432/x");
    }

    @Test
    void severalHostsAreRefusedWithoutShowingThePassword() {
        assertThatThrownBy(() -> PgConnection.of("jdbc:postgresql://a:1,b:2/bench?password=s3cret"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("with one host")
                .message()
                .doesNotContain("s3cret");
    }
}
