package storagebench.report;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import storagebench.experiment.DeclaredBaseline;

/** The baselines experiments declare, as their latest runs recorded them in the runs table. */
public final class Baselines {
    private Baselines() {}

    /**
     * Per experiment, the factor values of its declared baseline; experiments that declare none are
     * left out.
     *
     * @param experiment one experiment, or null for every one
     */
    public static Map<String, Map<String, String>> declared(Path parquetRoot, String experiment) {
        return declared(LatestConfigs.read(parquetRoot, experiment));
    }

    /** As {@link #declared(Path, String)}, from the latest configs already read ({@link LatestConfigs}). */
    public static Map<String, Map<String, String>> declared(Map<String, String> latestConfigs) {
        Map<String, Map<String, String>> baselines = new LinkedHashMap<>();
        latestConfigs.forEach(
                (name, text) -> {
                    Map<String, String> declared = DeclaredBaseline.of(text);
                    if (!declared.isEmpty()) {
                        baselines.put(name, declared);
                    }
                });
        return baselines;
    }
}
