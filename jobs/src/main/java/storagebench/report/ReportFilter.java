package storagebench.report;

import java.util.Optional;

/**
 * Which trials a report covers; an empty field means any.
 *
 * @param experiment only this experiment
 * @param runId only the trials of this run
 * @param host only trials that ran on this host
 */
public record ReportFilter(
        Optional<String> experiment, Optional<String> runId, Optional<String> host) {

    public static ReportFilter all() {
        return new ReportFilter(Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The trials of one run, as the runner reports at its end. */
    public static ReportFilter run(String runId) {
        return all().withRunId(runId);
    }

    public ReportFilter withExperiment(String name) {
        return new ReportFilter(Optional.ofNullable(name), runId, host);
    }

    public ReportFilter withRunId(String id) {
        return new ReportFilter(experiment, Optional.ofNullable(id), host);
    }

    public ReportFilter withHost(String name) {
        return new ReportFilter(experiment, runId, Optional.ofNullable(name));
    }

    public boolean isAll() {
        return experiment.isEmpty() && runId.isEmpty() && host.isEmpty();
    }

    /** The filter as a page's subtitle says it, e.g. {@code experiment e1 · run r7}. */
    public String scope() {
        StringBuilder s = new StringBuilder();
        experiment.ifPresent(v -> s.append(" · experiment ").append(v));
        runId.ifPresent(v -> s.append(" · run ").append(v));
        host.ifPresent(v -> s.append(" · host ").append(v));
        return s.length() == 0 ? "all trials" : s.substring(3);
    }

    /** The filter as command-line options, e.g. {@code --experiment e1 --run r7}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        experiment.ifPresent(v -> s.append(" --experiment ").append(v));
        runId.ifPresent(v -> s.append(" --run ").append(v));
        host.ifPresent(v -> s.append(" --host ").append(v));
        return s.length() == 0 ? "(all trials)" : s.substring(1);
    }
}
