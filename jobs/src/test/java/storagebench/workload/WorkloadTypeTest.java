package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.TargetKind;

/**
 * A workload added by following docs/code-map.md ("How to add a workload"), as a fixture: a registry
 * entry with its table, and one implementation, on H2. Only the registry line is left out, so that the
 * fixture is not offered to users.
 */
class WorkloadTypeTest {
    @TempDir Path tmp;

    /** Step 1: the implementation on one kind: count rows inserted into a table of the trial's. */
    static final class H2Rows implements Workload {
        @Override
        public String name() {
            return "fixture-rows";
        }

        @Override
        public String description() {
            return "insert N rows into a table of the trial's";
        }

        @Override
        public List<Param> params() {
            return List.of(Param.optional("rows", ParamType.INT, "3", "rows inserted").atLeast(1));
        }

        @Override
        public List<Step> steps(TrialContext trial) {
            DatabaseTarget db = (DatabaseTarget) trial.target();
            String table = db.dialect().identifier("sb_fixture");
            return List.of(
                    Step.setup("create", () -> sql(db, "CREATE TABLE " + table + " (n INT)")),
                    Step.measured("insert", () -> insert(db, table, trial.params().getInt("rows"))),
                    Step.cleanup("drop", () -> sql(db, "DROP TABLE " + table)));
        }

        private static Map<String, Double> sql(DatabaseTarget db, String statement)
                throws Exception {
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute(statement);
            }
            return Map.of();
        }

        private static Map<String, Double> insert(DatabaseTarget db, String table, int rows)
                throws Exception {
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                for (int i = 0; i < rows; i++) {
                    s.execute("INSERT INTO " + table + " VALUES (" + i + ")");
                }
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    return Map.of("rows", (double) rs.getLong(1));
                }
            }
        }
    }

    /** Step 1: the registry entry, its table from kind to implementation. */
    static final class FixtureRows extends WorkloadType {
        FixtureRows() {
            super(
                    "fixture-rows",
                    "insert N rows into a table of the trial's",
                    Map.of(TargetKind.H2, H2Rows::new));
        }
    }

    @Test
    void theEntryGivesItsImplementationOnEachKindOfItsTableAndRefusesTheOthers() throws Exception {
        // given
        WorkloadType type = new FixtureRows();
        DatabaseTarget h2 =
                new DatabaseTarget(
                        TargetKind.H2,
                        TargetKind.H2.dialect(),
                        "jdbc:h2:file:" + tmp.resolve("base"),
                        "sa",
                        new PasswordSource(null, null),
                        Duration.ofSeconds(5),
                        null,
                        null);
        // when
        Workload workload = type.on(h2);
        Params params = TestParams.of(workload, "rows", "5");
        TrialContext trial =
                new TrialContext(
                        "run-1", "e", "host", "trial-1", Map.of(), h2, params, tmp.resolve("out"));
        Map<String, Double> measured = Map.of();
        for (Step step : workload.steps(trial)) {
            Map<String, Double> metrics = step.action().run();
            if (step.phase() == Phase.MEASURED) {
                measured = metrics;
            }
        }
        // then
        assertThat(type.kinds()).containsExactly(TargetKind.H2);
        assertThat(type.params(TargetKind.H2)).extracting(Param::name).containsExactly("rows");
        assertThat(measured).containsEntry("rows", 5.0);
        assertThatThrownBy(() -> type.on(TargetKind.POSTGRES))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fixture-rows runs on h2 targets; not on postgres");
    }

    @Test
    void everyRegisteredWorkloadGivesImplementationsOfItsOwnName() {
        for (String name : Workloads.names()) {
            WorkloadType type = Workloads.find(name).orElseThrow();
            for (TargetKind kind : TargetKind.values()) {
                if (type.kinds().contains(kind)) {
                    assertThat(type.on(kind).name()).as("%s on %s", name, kind).isEqualTo(name);
                } else {
                    assertThatThrownBy(() -> type.on(kind))
                            .as("%s on %s", name, kind)
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining(name);
                }
            }
        }
    }
}
