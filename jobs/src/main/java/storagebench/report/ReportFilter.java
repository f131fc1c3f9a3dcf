package storagebench.report;

import java.util.Optional;

/**
 * Which trials a report covers; an empty field means any.
 *
 * @param experiment only this experiment
 * @param runId only the trials of this run
 * @param host only trials that ran on this host
 * @param pool whether runs of different fixed configurations are pooled (on purpose, {@code --pool})
 */
public record ReportFilter(
        Optional<String> experiment, Optional<String> runId, Optional<String> host, boolean pool) {

    /** What pooled output says first. */
    public static final String POOLED =
            "pooled on purpose (--pool): runs of different fixed configurations are taken together";

    public static ReportFilter all() {
        return new ReportFilter(Optional.empty(), Optional.empty(), Optional.empty(), false);
    }

    /** The trials of one run, as the runner reports at its end. */
    public static ReportFilter run(String runId) {
        return all().withRunId(runId);
    }

    public ReportFilter withExperiment(String name) {
        return new ReportFilter(Optional.ofNullable(name), runId, host, pool);
    }

    public ReportFilter withRunId(String id) {
        return new ReportFilter(experiment, Optional.ofNullable(id), host, pool);
    }

    public ReportFilter withHost(String name) {
        return new ReportFilter(experiment, runId, Optional.ofNullable(name), pool);
    }

    /** The filter that pools the runs of every fixed configuration ({@code --pool}), or not. */
    public ReportFilter withPool(boolean pooled) {
        return new ReportFilter(experiment, runId, host, pooled);
    }

    public boolean isAll() {
        return experiment.isEmpty() && runId.isEmpty() && host.isEmpty();
    }

    /**
     * The filter as a page's subtitle says it, e.g. {@code experiment e1 · run r7}, and that it pools
     * where it does.
     */
    public String scope() {
        StringBuilder s = new StringBuilder();
        experiment.ifPresent(v -> s.append(" · experiment ").append(v));
        runId.ifPresent(v -> s.append(" · run ").append(v));
        host.ifPresent(v -> s.append(" · host ").append(v));
        String scope = s.length() == 0 ? "all trials" : s.substring(3);
        return pool ? scope + " · " + POOLED : scope;
    }

    /** The filter as command-line options, e.g. {@code --experiment e1 --run r7}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        experiment.ifPresent(v -> s.append(" --experiment ").append(v));
        runId.ifPresent(v -> s.append(" --run ").append(v));
        host.ifPresent(v -> s.append(" --host ").append(v));
        if (pool) {
            s.append(" --pool");
        }
        return s.length() == 0 ? "(all trials)" : s.substring(1);
    }
}
