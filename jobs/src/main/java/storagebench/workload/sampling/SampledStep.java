package storagebench.workload.sampling;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;

/**
 * A SQL Server workload's measured step with sys.dm_io_virtual_file_stats sampled around it: the sampler's
 * connection is opened at set-up ({@link #open}), sampling starts right before the action and stops right
 * after it, and the step's metrics get {@link IoSampling#metrics} (throttled, …). Closed at clean-up.
 */
public final class SampledStep implements AutoCloseable {
    private final IoSampling sampling;
    private StepSampler sampler;

    public SampledStep(IoSampling sampling) {
        this.sampling = sampling;
    }

    /** Opens the sampler's connection for {@code database}'s files, unless sampling is off. */
    public void open(DatabaseTarget target, TrialContext trial, String step, String database)
            throws SQLException {
        close();
        sampler = new StepSampler(target, target.url(), trial, step, sampling.interval(), database);
        sampler.open();
    }

    /** Runs the action with sampling around it; its metrics, then the sampling's. */
    public Map<String, Double> run(Step.Action action) throws Exception {
        if (sampler == null || !sampler.enabled()) {
            return action.run();
        }
        sampler.start();
        Map<String, Double> metrics = new LinkedHashMap<>(action.run());
        List<IoSample> samples;
        try {
            samples = sampler.stop();
        } catch (SQLException e) {
            throw new SQLException(
                    IoSampling.SAMPLE_INTERVAL
                            + ": sampling sys.dm_io_virtual_file_stats failed ("
                            + e.getMessage()
                            + "); it needs SQL Server 2014 or later (io_stall_queued_*) and VIEW SERVER "
                            + "STATE; sample-interval: 0s runs without sampling",
                    e.getSQLState(),
                    e);
        }
        metrics.putAll(sampling.metrics(samples));
        return metrics;
    }

    @Override
    public void close() throws SQLException {
        if (sampler != null) {
            sampler.close();
            sampler = null;
        }
    }
}
