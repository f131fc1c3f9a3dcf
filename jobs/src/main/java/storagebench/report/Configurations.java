package storagebench.report;

import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import storagebench.Sha256;
import storagebench.experiment.FixedConfiguration;

/**
 * Which configuration each run of a dataset ran ({@link FixedConfiguration}), and per experiment the
 * label that tells its configurations apart: the keys in which they differ ({@code rows=1000}). Runs
 * recorded before runs carried a configuration get it from the config text they stored; an import's
 * from its format and options; a text this version cannot read is a configuration of its own, named by
 * its hash.
 */
final class Configurations {
    private Configurations() {}

    /**
     * Per run id, its configuration's label among its experiment's configurations; empty labels for
     * the runs of an experiment that ran one configuration only.
     *
     * @param duckdb a connection with the view {@code run_rows} over the runs table
     */
    static Map<String, String> labels(Connection duckdb, String sql) throws SQLException {
        Map<String, FixedConfiguration> ofRun = new LinkedHashMap<>();
        Map<String, String> experimentOf = new HashMap<>();
        Map<String, FixedConfiguration> derived = new HashMap<>();
        try (PreparedStatement query = duckdb.prepareStatement(sql);
                ResultSet rs = query.executeQuery()) {
            while (rs.next()) {
                String run = rs.getString("run_id");
                experimentOf.put(run, rs.getString("experiment"));
                ofRun.put(run, configuration(rs, derived));
            }
        }
        Map<String, Set<FixedConfiguration>> perExperiment = new HashMap<>();
        ofRun.forEach(
                (run, c) ->
                        perExperiment
                                .computeIfAbsent(experimentOf.get(run), e -> new LinkedHashSet<>())
                                .add(c));
        Map<String, Map<FixedConfiguration, String>> labels = new HashMap<>();
        perExperiment.forEach((e, all) -> labels.put(e, FixedConfiguration.labels(all)));
        Map<String, String> out = new HashMap<>();
        ofRun.forEach((run, c) -> out.put(run, labels.get(experimentOf.get(run)).get(c)));
        return out;
    }

    private static FixedConfiguration configuration(
            ResultSet rs, Map<String, FixedConfiguration> derived) throws SQLException {
        String fingerprint = rs.getString("configuration");
        if (fingerprint != null) {
            Map<String, String> values =
                    TrialValues.factors(rs.getArray("value_keys"), rs.getArray("value_values"));
            return new FixedConfiguration(new TreeMap<>(values));
        }
        String text = rs.getString("config_text");
        String sha = rs.getString("config_sha256");
        String key = sha == null ? Sha256.hex(String.valueOf(text)) : sha;
        return derived.computeIfAbsent(
                key,
                k ->
                        ofImport(text)
                                .or(() -> FixedConfiguration.ofStored(text == null ? "" : text))
                                .orElseGet(() -> unread(k)));
    }

    /** A config text this version cannot read: a configuration of its own, named by its hash. */
    private static FixedConfiguration unread(String sha) {
        return new FixedConfiguration(new TreeMap<>(Map.of("config", sha.substring(0, 12))));
    }

    /** An import's description ({@code import: {format: …, options: {…}}}), as imports write it. */
    @SuppressWarnings("unchecked")
    private static Optional<FixedConfiguration> ofImport(String text) {
        if (text == null || !text.startsWith("import:")) {
            return Optional.empty();
        }
        try {
            Object root = new Yaml(new LoaderOptions()).load(new StringReader(text));
            if (root instanceof Map<?, ?> top && top.get("import") instanceof Map<?, ?> m) {
                Map<String, String> options = new TreeMap<>();
                if (m.get("options") instanceof Map<?, ?> o) {
                    o.forEach((k, v) -> options.put(String.valueOf(k), String.valueOf(v)));
                }
                return Optional.of(
                        FixedConfiguration.ofImport(String.valueOf(m.get("format")), options));
            }
        } catch (RuntimeException e) {
            // not an import's description after all
        }
        return Optional.empty();
    }
}
