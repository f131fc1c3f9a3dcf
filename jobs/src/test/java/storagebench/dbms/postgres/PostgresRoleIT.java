package storagebench.dbms.postgres;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.TargetKind;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.workload.TestParams;
import storagebench.workload.Workload;
import storagebench.workload.filegroup.FilegroupInsertWorkload;
import storagebench.workload.fileinit.FileInitWorkload;

/** A role that is not a superuser is told, before anything runs, which workload needs what. */
@Needs(Requirement.POSTGRES)
@SharedServers
class PostgresRoleIT {
    @TempDir Path tmp;

    @Test
    void workloadsThatNeedASuperuserSaySoNamingTheUserAndNeverThePassword() throws Exception {
        DatabaseTarget pg = PostgresEnv.target();
        String password = "pw-" + System.nanoTime();
        try (Connection c = pg.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP ROLE IF EXISTS sb_plain_role");
            s.execute("CREATE ROLE sb_plain_role LOGIN NOSUPERUSER PASSWORD '" + password + "'");
        }
        DatabaseTarget plain =
                new DatabaseTarget(
                        TargetKind.POSTGRES,
                        TargetKind.POSTGRES.dialect(),
                        pg.url(),
                        "sb_plain_role",
                        new PasswordSource(null, Files.writeString(tmp.resolve("pw"), password)),
                        Duration.ofSeconds(10),
                        PostgresEnv.tablespaceRoot(),
                        null);
        // when / then
        Workload insert = new FilegroupInsertWorkload().on(plain);
        assertThatThrownBy(() -> insert.preflight(plain, List.of(TestParams.of(insert))))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(
                        "filegroup-insert on postgres needs a superuser (CREATE TABLESPACE): user "
                                + "'sb_plain_role' is not one")
                .message()
                .doesNotContain(password);
        Workload wal = new FileInitWorkload().on(plain);
        assertThatThrownBy(() -> wal.preflight(plain, List.of(TestParams.of(wal, "init", "zero"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(
                        "file-init on postgres needs a superuser (ALTER SYSTEM SET wal_init_zero, "
                                + "wal_recycle): user 'sb_plain_role' is not one");
    }
}
