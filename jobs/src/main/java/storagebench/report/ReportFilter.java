package storagebench.report;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which trials a report covers; an empty field means any.
 *
 * @param experiment only this experiment
 * @param runId only the trials of this run
 * @param host only trials that ran on this host
 * @param hostLabels only trials of runs whose host carried all these labels ({@code --host-label})
 * @param pool whether runs of different fixed configurations are pooled (on purpose, {@code --pool})
 */
public record ReportFilter(
        Optional<String> experiment,
        Optional<String> runId,
        Optional<String> host,
        Map<String, String> hostLabels,
        boolean pool) {

    /** What pooled output says first. */
    public static final String POOLED =
            "pooled on purpose (--pool): runs of different fixed configurations are taken together";

    public ReportFilter {
        hostLabels = Collections.unmodifiableMap(new TreeMap<>(hostLabels));
    }

    public static ReportFilter all() {
        return new ReportFilter(
                Optional.empty(), Optional.empty(), Optional.empty(), Map.of(), false);
    }

    /** The trials of one run, as the runner reports at its end. */
    public static ReportFilter run(String runId) {
        return all().withRunId(runId);
    }

    public ReportFilter withExperiment(String name) {
        return new ReportFilter(Optional.ofNullable(name), runId, host, hostLabels, pool);
    }

    public ReportFilter withRunId(String id) {
        return new ReportFilter(experiment, Optional.ofNullable(id), host, hostLabels, pool);
    }

    public ReportFilter withHost(String name) {
        return new ReportFilter(experiment, runId, Optional.ofNullable(name), hostLabels, pool);
    }

    /** Only the trials of runs whose host carried every one of {@code labels}. */
    public ReportFilter withHostLabels(Map<String, String> labels) {
        return new ReportFilter(experiment, runId, host, labels, pool);
    }

    /** The filter that pools the runs of every fixed configuration ({@code --pool}), or not. */
    public ReportFilter withPool(boolean pooled) {
        return new ReportFilter(experiment, runId, host, hostLabels, pooled);
    }

    /** The hosts the filter keeps. */
    public HostScope hosts() {
        return new HostScope(host, hostLabels);
    }

    public boolean isAll() {
        return experiment.isEmpty() && runId.isEmpty() && host.isEmpty() && hostLabels.isEmpty();
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
        hostLabels.forEach((k, v) -> s.append(" · host label ").append(k).append('=').append(v));
        String scope = s.length() == 0 ? "all trials" : s.substring(3);
        return pool ? scope + " · " + POOLED : scope;
    }

    /** The filter as command-line options, e.g. {@code --experiment e1 --run r7}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        experiment.ifPresent(v -> s.append(" --experiment ").append(v));
        runId.ifPresent(v -> s.append(" --run ").append(v));
        String hosts = hosts().options();
        if (!hosts.isEmpty()) {
            s.append(' ').append(hosts);
        }
        if (pool) {
            s.append(" --pool");
        }
        return s.length() == 0 ? "(all trials)" : s.substring(1);
    }
}
