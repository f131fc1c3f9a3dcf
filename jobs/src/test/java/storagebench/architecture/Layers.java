package storagebench.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layers of storagebench from the bottom up, each using only those below it: shared basics, config,
 * where the dataset is kept (storage), Kafka I/O, log formats, target kinds and host probes, workloads,
 * experiments, the Spring Batch plumbing, the two jobs, what reads the dataset, what answers from it
 * (comparisons, pages), the schedules, the service (dashboard), benchmarks, the command line.
 * docs/code-map.md draws the same.
 */
final class Layers {
    /** Each layer and its packages, bottom up; the root package itself is "basics". */
    private static final Map<String, List<String>> LAYERS = new LinkedHashMap<>();

    static {
        LAYERS.put("basics", List.of(""));
        LAYERS.put("config", List.of("config"));
        LAYERS.put("storage", List.of("storage"));
        LAYERS.put("kafka", List.of("events", "broker"));
        LAYERS.put("logformat", List.of("logformat"));
        LAYERS.put("targets", List.of("dbms", "probe"));
        LAYERS.put("workload", List.of("workload"));
        LAYERS.put("experiment", List.of("experiment"));
        LAYERS.put("batch", List.of("batch"));
        LAYERS.put("jobs", List.of("runner", "importer"));
        LAYERS.put("dataset", List.of("sink", "report", "export"));
        LAYERS.put("answers", List.of("compare", "html"));
        LAYERS.put("schedule", List.of("schedule"));
        LAYERS.put("serve", List.of("serve"));
        LAYERS.put("bench", List.of("bench"));
        LAYERS.put("cli", List.of("cli"));
    }

    private Layers() {}

    /** Each layer's packages, bottom up, as names under the root ("" for the root itself). */
    static List<List<String>> packages() {
        return List.copyOf(LAYERS.values());
    }

    /** The rule for the packages under {@code root} (storagebench, or a fixture named like it). */
    static LayeredArchitecture under(String root) {
        LayeredArchitecture rule =
                layeredArchitecture()
                        .consideringOnlyDependenciesInLayers()
                        .withOptionalLayers(true);
        for (Map.Entry<String, List<String>> layer : LAYERS.entrySet()) {
            String[] packages =
                    layer.getValue().stream()
                            .map(p -> p.isEmpty() ? root : root + "." + p + "..")
                            .toArray(String[]::new);
            rule = rule.layer(layer.getKey()).definedBy(packages);
        }
        List<String> names = List.copyOf(LAYERS.keySet());
        for (int i = 0; i < names.size() - 1; i++) {
            String[] above = names.subList(i + 1, names.size()).toArray(String[]::new);
            rule = rule.whereLayer(names.get(i)).mayOnlyBeAccessedByLayers(above);
        }
        return rule.whereLayer(names.get(names.size() - 1)).mayNotBeAccessedByAnyLayer();
    }
}
