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
        Map<String, Map<String, String>> baselines = new LinkedHashMap<>();
        Tables.query(
                        parquetRoot,
                        "runs",
                        "/report/baselines.sql",
                        "read the runs' configs",
                        q -> q.setString(1, experiment),
                        rs ->
                                Map.entry(
                                        rs.getString("experiment"),
                                        DeclaredBaseline.of(rs.getString("config_text"))))
                .forEach(
                        e -> {
                            if (!e.getValue().isEmpty()) {
                                baselines.put(e.getKey(), e.getValue());
                            }
                        });
        return baselines;
    }
}
