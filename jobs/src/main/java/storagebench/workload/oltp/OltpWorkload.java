package storagebench.workload.oltp;

import java.util.List;
import java.util.Map;
import storagebench.dbms.TargetKind;
import storagebench.workload.Metric;
import storagebench.workload.WorkloadType;

/**
 * oltp (seeds 003, 004): an OLTP load run natively on each database target ({@link DatabaseOltp} with the
 * kind's {@link OltpKind}); no local implementation, since it needs a database.
 */
public final class OltpWorkload extends WorkloadType {

    public OltpWorkload() {
        super(
                "oltp",
                "TPC-C's mix (or pgbench's TPC-B-like transaction) by V virtual users for D: NOPM, TPM, "
                        + "latency percentiles, throughput over time (seeds 003, 004)",
                Map.of(
                        TargetKind.H2, () -> new DatabaseOltp(new H2Oltp()),
                        TargetKind.POSTGRES, () -> new DatabaseOltp(new PostgresOltp()),
                        TargetKind.FIREBIRD, () -> new DatabaseOltp(new FirebirdOltp()),
                        TargetKind.SQLSERVER, () -> new DatabaseOltp(new SqlServerOltp())));
    }

    /** Seed 004's throughput and seed 003's latency under load. */
    @Override
    public List<Metric> headline() {
        return List.of(
                Metric.higher("nopm", "new-orders committed per minute (TPC-C)"),
                Metric.higher("tpm", "transactions committed per minute"),
                Metric.lower("latency_p95_ms", "95th percentile of transaction latency, ms"));
    }
}
