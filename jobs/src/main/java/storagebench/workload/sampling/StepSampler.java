package storagebench.workload.sampling;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.workload.TrialContext;

/**
 * A {@link DatabaseIoSampler} around one measured step, or nothing when the interval is 0s: its
 * connection is opened at set-up (connecting is not the step's work), sampling starts with the step
 * and stops where the workload says, and the connection is closed at clean-up, also after a failure.
 */
public final class StepSampler {
    private final DatabaseTarget target;
    private final String url;
    private final TrialContext trial;
    private final String step;
    private final Duration interval;
    private final String parameter;
    private DatabaseIoSampler sampler;

    /**
     * @param url the database whose counters are read
     * @param step the measured step the samples belong to
     * @param interval how often to sample; 0s: never
     * @param parameter the sampler query's parameter: the trial's relations (a regular expression) or
     *     database name
     */
    public StepSampler(
            DatabaseTarget target,
            String url,
            TrialContext trial,
            String step,
            Duration interval,
            String parameter) {
        this.target = target;
        this.url = url;
        this.trial = trial;
        this.step = step;
        this.interval = interval;
        this.parameter = parameter;
    }

    public boolean enabled() {
        return !interval.isZero();
    }

    /** Connects, at set-up. */
    public void open() throws SQLException {
        close();
        if (enabled()) {
            sampler = new DatabaseIoSampler(target, url, trial, step, interval, parameter);
        }
    }

    /** Starts sampling: the first sample is taken before this returns. */
    public void start() throws SQLException {
        if (sampler != null) {
            sampler.start();
        }
    }

    /** Stops sampling and emits the samples into the trial; empty when off. */
    public List<IoSample> stop() throws SQLException, InterruptedException {
        return sampler == null ? List.of() : sampler.stop();
    }

    /** {@link #stop()}, as the step's metric {@code io_samples}; nothing when off. */
    public Map<String, Double> stopAndCount() throws SQLException, InterruptedException {
        return enabled() ? Map.of("io_samples", (double) stop().size()) : Map.of();
    }

    /** Closes the connection; a failure to close is not reported: the connection is gone either way. */
    public void close() {
        try (DatabaseIoSampler s = sampler) {
            sampler = null;
        } catch (SQLException e) {
            // nothing to do: clean-up goes on with what matters (dropping the trial's storage)
        }
    }
}
