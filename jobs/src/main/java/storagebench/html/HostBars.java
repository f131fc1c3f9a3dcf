package storagebench.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import storagebench.compare.HostSpread;
import storagebench.report.RunFacts;
import storagebench.report.SummaryRow;

/**
 * The hosts side by side on one step's measure, where an experiment's trials come from several hosts:
 * per host, its name (with its labels) and per variant the summary row the variant chart draws (mean
 * and 95% interval); and per variant the sentence naming the slowest and fastest host, from {@code
 * compare --by host}'s verdict of the one against the other.
 *
 * @param variants the variants (with their configuration), in the report's order
 * @param hosts the hosts, in the report's order
 * @param sentences per variant whose hosts were compared, the spread in words
 */
record HostBars(
        String step,
        String metric,
        List<String> variants,
        List<Host> hosts,
        List<String> sentences) {

    /**
     * One host's bars.
     *
     * @param name the host's name ({@code host.name})
     * @param label its name and labels, {@code server (role=prod)}
     * @param rows per variant, its summary row, or null where the host has none
     */
    record Host(String name, String label, List<SummaryRow> rows) {}

    /** The step's hosts side by side, or empty where its trials come from one host. */
    static Optional<HostBars> of(ExperimentView view, String step) {
        String metric = view.measures().of(step);
        List<SummaryRow> rows = view.measures().of(step, metric);
        List<String> names = rows.stream().map(SummaryRow::host).distinct().toList();
        if (names.size() < 2) {
            return Optional.empty();
        }
        List<String> variants = rows.stream().map(HostBars::variant).distinct().toList();
        List<Host> hosts = new ArrayList<>();
        for (String name : names) {
            SummaryRow[] own = new SummaryRow[variants.size()];
            rows.stream()
                    .filter(r -> r.host().equals(name))
                    .forEach(r -> own[variants.indexOf(variant(r))] = r);
            hosts.add(new Host(name, label(view.runs(), name), Arrays.asList(own)));
        }
        List<String> sentences =
                HostSpread.widest(
                                view.hostComparisons().stream()
                                        .filter(
                                                c ->
                                                        c.step().equals(step)
                                                                && c.metric().equals(metric))
                                        .toList())
                        .stream()
                        .map(HostSpread::sentence)
                        .toList();
        return Optional.of(new HostBars(step, metric, variants, List.copyOf(hosts), sentences));
    }

    /** A variant's name among the hosts': its label, and its configuration's where there are several. */
    private static String variant(SummaryRow row) {
        return row.variant() + (row.configuration().isEmpty() ? "" : " · " + row.configuration());
    }

    /**
     * A host's name with the labels its latest run recorded ({@code host.labels}), in key order:
     * {@code server (disk=RAID10, role=prod)}; the name alone where it has none.
     */
    static String label(List<RunFacts> runs, String host) {
        Map<String, String> labels = new TreeMap<>();
        for (RunFacts run : runs) {
            if (host.equals(run.host().get("hostname"))) {
                labels.clear();
                run.host()
                        .forEach(
                                (key, value) -> {
                                    if (key.startsWith(LABELS)) {
                                        labels.put(key.substring(LABELS.length()), value);
                                    }
                                });
            }
        }
        if (labels.isEmpty()) {
            return host;
        }
        List<String> parts = new ArrayList<>();
        labels.forEach((k, v) -> parts.add(k + "=" + v));
        return host + " (" + String.join(", ", parts) + ")";
    }

    /** The prefix of a host's labels among a run's flattened facts. */
    private static final String LABELS = "labels.";
}
