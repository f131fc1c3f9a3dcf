package storagebench.workload.filegroup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.dbfiles.SqlServerChecks;
import storagebench.workload.sampling.IoSampling;

/**
 * filegroup-insert on SQL Server: the seed's own script, a database with a filegroup of N files under
 * file-root ({@link SqlServerFilegroup}), with log-size and the IO sampling's throttling limits.
 */
final class SqlServerFilegroupKind implements FilegroupKind {

    @Override
    public List<Param> params() {
        List<Param> params = new ArrayList<>();
        params.add(
                Param.optional(
                                SqlServerFilegroup.FILE_SIZE,
                                ParamType.SIZE,
                                "20MB",
                                "size of each file of "
                                        + "the filegroup (they do not grow), at most 16TB")
                        .atLeast(1));
        params.add(
                Param.optional(
                                SqlServerFilegroup.LOG_SIZE,
                                ParamType.SIZE,
                                "64MB",
                                "size of the log "
                                        + "(SIMPLE recovery; grows by 64MB if need be), at most 2TB")
                        .atLeast(1));
        IoSampling.params().stream()
                .filter(p -> !p.name().equals(DatabaseFilegroupInsert.SAMPLE_INTERVAL))
                .forEach(params::add);
        return params;
    }

    @Override
    public void preflight(DatabaseTarget target, List<Params> variants, String workload) {
        SqlServerChecks.preflight(target, variants, workload, SqlServerFilegroup::problem);
    }

    @Override
    public TrialStorage storage(DatabaseTarget target, String name, Params params) {
        return new SqlServerFilegroup(
                target, name, SqlServerFilegroup.plan(params, target.fileRoot()));
    }

    @Override
    public Function<List<IoSample>, Map<String, Double>> sampleMetrics(Params params) {
        return IoSampling.of(params)::metrics;
    }
}
