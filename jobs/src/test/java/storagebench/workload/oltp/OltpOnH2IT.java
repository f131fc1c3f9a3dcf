package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.PasswordSource;
import storagebench.dbms.TargetKind;
import storagebench.events.ThroughputSample;
import storagebench.events.TrialTimed;
import storagebench.workload.ParamException;
import storagebench.workload.Params;

/**
 * oltp on an embedded H2 file database, tpcc on a small schema: the standard mix over more than 10,000
 * real transactions through the driver, the events of a trial, and the schema modes.
 */
class OltpOnH2IT {
    private static final Map<String, Double> MIX =
            Map.of(
                    "new-order", 45.0,
                    "payment", 43.0,
                    "order-status", 4.0,
                    "delivery", 4.0,
                    "stock-level", 4.0);

    @TempDir Path tmp;
    private final DatabaseOltp workload = new DatabaseOltp(new H2Oltp(), OltpTrial.SMALL);

    private DatabaseTarget target() {
        return new DatabaseTarget(
                TargetKind.H2,
                TargetKind.H2.dialect(),
                "jdbc:h2:file:" + tmp.resolve("h2").resolve("base"),
                "sa",
                new PasswordSource(null, null),
                Duration.ofSeconds(10),
                null,
                null);
    }

    private Params params(String... values) {
        return OltpTrial.params(workload, values);
    }

    @Test
    void theStandardMixHoldsWithinOnePointOverTenThousandTransactions() throws Exception {
        // given: trials of 4 virtual users on one schema, until 10,000 transactions
        Params p =
                params("virtual-users", "4", "rampup", "0s", "duration", "4s", "schema", "per-run");
        Map<String, Double> counts = new LinkedHashMap<>();
        double total = 0;
        double newOrders = 0;
        double rollbacks = 0;
        for (int trial = 0; total < 10_000 && trial < 40; trial++) {
            // when
            Map<String, Double> m = OltpTrial.run(workload, target(), p, tmp, trial).measured();
            // then: every trial leaves the database consistent
            for (int c = 1; c <= 4; c++) {
                assertThat(m).containsEntry("consistency_" + c + "_violations", 0.0);
            }
            assertThat(m.get("errors")).isZero();
            for (String type : MIX.keySet()) {
                counts.merge(type, m.get(type + ".count"), Double::sum);
                total += m.get(type + ".count");
            }
            newOrders += m.get("new-order.count");
            rollbacks += m.get("rollbacks");
        }
        // then: each type's share within 1 percentage point, 1% of new-orders rolled back
        assertThat(total).isGreaterThanOrEqualTo(10_000);
        for (Map.Entry<String, Double> type : MIX.entrySet()) {
            assertThat(100 * counts.get(type.getKey()) / total)
                    .as("share of %s over %.0f transactions", type.getKey(), total)
                    .isBetween(type.getValue() - 1, type.getValue() + 1);
        }
        assertThat(100 * rollbacks / newOrders).isBetween(0.3, 2.0);
    }

    @Test
    void aTrialRecordsThroughputPerIntervalAndEachTransactionTypeAsASubStep() throws Exception {
        // given
        Params p = params("virtual-users", "2", "rampup", "1s", "duration", "3s");
        // when
        OltpTrial trial = OltpTrial.run(workload, target(), p, tmp, 0);
        // then: the step's figures
        Map<String, Double> m = trial.measured();
        assertThat(m)
                .containsKeys(
                        "nopm",
                        "tpm",
                        "latency_p50_ms",
                        "latency_p95_ms",
                        "latency_p99_ms",
                        "latency_max_ms",
                        "rollbacks",
                        "retries",
                        "errors",
                        "new-order.count",
                        "stock-level.count",
                        "database_bytes")
                .containsEntry("virtual_users", 2.0)
                .containsEntry("warehouses", 1.0)
                .containsEntry("schema_built", 1.0);
        assertThat(m.get("measured_s")).isBetween(2.9, 3.5);
        assertThat(m.get("tpm"))
                .isCloseTo(
                        m.get("transactions") / m.get("measured_s") * 60,
                        org.assertj.core.data.Offset.offset(1e-6));
        assertThat(trial.setup().get("schema")).containsEntry("rows_loaded", 5962.0);
        // one throughput sample a second, whose transactions add up to the step's
        List<ThroughputSample> samples = trial.samples();
        assertThat(samples).hasSize(3);
        assertThat(samples.stream().mapToLong(ThroughputSample::getTransactions).sum())
                .isEqualTo(m.get("transactions").longValue());
        assertThat(samples.stream().mapToLong(ThroughputSample::getNewOrders).sum())
                .isEqualTo(m.get("new_orders").longValue());
        assertThat(samples.get(0).getByType()).containsOnlyKeys(MIX.keySet());
        assertThat(samples).allSatisfy(s -> assertThat(s.getIntervalMs()).isBetween(900.0, 1100.0));
        // a sub-step per type, its duration the type's mean latency
        List<TrialTimed> subSteps = trial.subSteps();
        assertThat(subSteps)
                .extracting(TrialTimed::getStep)
                .containsExactly(
                        "run.new-order",
                        "run.payment",
                        "run.order-status",
                        "run.delivery",
                        "run.stock-level");
        TrialTimed newOrder = subSteps.get(0);
        assertThat(newOrder.getMetrics())
                .containsEntry("count", m.get("new-order.count"))
                .containsKeys("p50_ms", "p95_ms", "p99_ms", "max_ms", "per_minute", "retries");
        assertThat(newOrder.getDurationNs() / 1e6)
                .isCloseTo(
                        newOrder.getMetrics().get("mean_ms"),
                        org.assertj.core.data.Offset.offset(0.01));
        // and the IO sampler's samples of the database file
        assertThat(trial.ioSamples())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.getFile()).isEqualTo("database"));
        // per-trial: the schema is gone after the trial
        assertThat(tables()).isZero();
    }

    @Test
    void aSteadyStateEndsTheRampUpOnceThroughputIsSteadyAndSaysWhen() throws Exception {
        // given: a ramp-up of at most 6 s, judged on 1 s windows of 200 ms intervals
        Params p =
                params(
                        "virtual-users", "2",
                        "rampup", "6s",
                        "duration", "1s",
                        "sample-interval", "200ms",
                        "steady-state", "metric=tpm;window=1s;max-slope=50%");
        // when
        Map<String, Double> m = OltpTrial.run(workload, target(), p, tmp, 0).measured();
        // then: steady within the longest ramp, measured after it
        assertThat(m).containsEntry("steady", 1.0);
        assertThat(m.get("steady_after_s")).isBetween(1.0, 6.0);
        assertThat(m.get("ramp_s")).isEqualTo(m.get("steady_after_s"));
        assertThat(m.get("tpm")).isPositive();
        // and one that cannot see a whole window in its longest ramp is measured, not steady
        Params never =
                params(
                        "virtual-users", "1",
                        "rampup", "0s",
                        "duration", "1s",
                        "steady-state", "metric=tpm;window=5s;max-ramp=400ms");
        Map<String, Double> n = OltpTrial.run(workload, target(), never, tmp, 1).measured();
        assertThat(n).containsEntry("steady", 0.0).doesNotContainKey("steady_after_s");
        assertThat(n.get("ramp_s")).isCloseTo(0.4, org.assertj.core.api.Assertions.within(0.05));
    }

    @Test
    void perRunReusesTheSchemaWithItsChangesAndOtherParametersRebuildIt() throws Exception {
        // given
        Params one = params("rampup", "0s", "duration", "1s", "schema", "per-run");
        Params two =
                params("rampup", "0s", "duration", "1s", "schema", "per-run", "warehouses", "2");
        // when
        Map<String, Double> first = OltpTrial.run(workload, target(), one, tmp, 0).measured();
        Map<String, Double> second = OltpTrial.run(workload, target(), one, tmp, 1).measured();
        Map<String, Double> wider = OltpTrial.run(workload, target(), two, tmp, 2).measured();
        // then
        assertThat(first)
                .containsEntry("schema_built", 1.0)
                .containsEntry("schema_trials_before", 0.0);
        assertThat(second)
                .containsEntry("schema_built", 0.0)
                .containsEntry("schema_trials_before", 1.0);
        assertThat(wider).containsEntry("schema_built", 1.0).containsEntry("warehouses", 2.0);
        assertThat(tables()).as("kept after the trial").isEqualTo(10);
    }

    @Test
    void aSchemaLeftHalfBuiltIsBuiltAgain() throws Exception {
        // given: a build that died after its first tables, before the marker
        try (Connection c = target().connect(H2Oltp.url(target().url(), "sb_oltp"));
                Statement s = c.createStatement()) {
            s.execute(
                    TargetKind.H2.dialect().script("workloads/oltp/tpcc").sql("create-warehouse"));
            s.execute("INSERT INTO warehouse (w_id) VALUES (1)");
        }
        // when
        OltpTrial trial =
                OltpTrial.run(
                        workload,
                        target(),
                        params("rampup", "0s", "duration", "1s", "schema", "keep"),
                        tmp,
                        0);
        // then
        assertThat(trial.measured()).containsEntry("schema_built", 1.0);
        assertThat(trial.measured()).containsEntry("consistency_1_violations", 0.0);
    }

    @Test
    void badCombinationsAreRefusedNamingTheParameter() {
        assertThatThrownBy(() -> workload.check(params("mix", "tpcb", "keying-thinking", "true")))
                .isInstanceOf(ParamException.class)
                .hasMessageContaining("keying and thinking times are TPC-C's");
        assertThatThrownBy(() -> workload.check(params("duration", "0s")))
                .isInstanceOf(ParamException.class)
                .hasMessageContaining("above 0s");
    }

    private int tables() throws Exception {
        try (Connection c = target().connect(H2Oltp.url(target().url(), "sb_oltp"));
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
