package storagebench.logformat;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A log's throughput in the terms of storagebench's own oltp runs: tools that report transactions per
 * second (pgbench, BenchBase) get {@code tpm} beside their {@code tps}, the headline metric an oltp run
 * and a HammerDB log report. So a summary, a comparison and the HTML page answer such a log on its
 * throughput rather than on the length of its steps, and its runs line up with oltp's.
 */
public final class Throughput {
    private Throughput() {}

    /** A step with {@code tps} and no {@code tpm} also has {@code tpm} = tps × 60; anything else as it is. */
    public static Parsed withTpm(Parsed record) {
        if (!(record instanceof Parsed.Step step)
                || !step.metrics().containsKey("tps")
                || step.metrics().containsKey("tpm")) {
            return record;
        }
        Map<String, Double> metrics = new TreeMap<>(step.metrics());
        metrics.put("tpm", step.metrics().get("tps") * 60);
        return new Parsed.Step(
                step.trial(),
                step.factors(),
                step.step(),
                step.start(),
                step.durationNs(),
                step.error(),
                Collections.unmodifiableMap(metrics),
                step.line());
    }
}
