package storagebench.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.config.ConfigNode;
import storagebench.config.Secrets;
import storagebench.logformat.ControlCharacters;
import storagebench.workload.Param;
import storagebench.workload.ParamType;

/** Reads {@code factors}, {@code zip}, {@code exclude} and {@code include}, checking every value. */
final class MatrixReader {
    private final Map<String, Param> params;
    private final String owner;
    private final boolean extraFactors;

    /**
     * @param params what a factor may name: workload parameters and host settings
     * @param owner who owns the parameters, for messages
     */
    MatrixReader(Map<String, Param> params, String owner) {
        this(params, owner, false);
    }

    /**
     * @param extraFactors whether a factor may also name something else, read as text
     *     ({@link storagebench.workload.Workload#acceptsExtraFactors()})
     */
    MatrixReader(Map<String, Param> params, String owner, boolean extraFactors) {
        this.params = new LinkedHashMap<>(params);
        this.owner = owner;
        this.extraFactors = extraFactors;
    }

    Matrix read(ConfigNode root) {
        Map<String, List<String>> factors = new LinkedHashMap<>();
        Map<String, ConfigNode> factorNodes = new LinkedHashMap<>();
        ConfigNode node = root.get("factors");
        if (node != null) {
            Secrets.refuseSecretKeys(node, Secrets.NOT_A_FACTOR);
            for (Map.Entry<String, ConfigNode> entry : node.entries().entrySet()) {
                ConfigNode valuesNode = entry.getValue();
                Param param =
                        param(entry.getKey())
                                .orElseThrow(
                                        () ->
                                                valuesNode.error(
                                                        "not a parameter of "
                                                                + owner
                                                                + "; it has: "
                                                                + String.join(
                                                                        ", ", params.keySet())));
                List<ConfigNode> items =
                        valuesNode.isSequence() ? valuesNode.items() : List.of(valuesNode);
                if (items.isEmpty()) {
                    throw valuesNode.error("a factor needs at least one value");
                }
                List<String> values = new ArrayList<>();
                for (ConfigNode item : items) {
                    refuseInLabel(item);
                    check(param, item);
                    values.add(item.text().strip());
                }
                factors.put(entry.getKey(), List.copyOf(values));
                factorNodes.put(entry.getKey(), valuesNode);
            }
        }
        List<List<String>> zip = zip(root.get("zip"), factors);
        for (Map.Entry<String, List<String>> factor : factors.entrySet()) {
            boolean zipped = zip.stream().anyMatch(g -> g.contains(factor.getKey()));
            if (!zipped
                    && factor.getValue().stream().distinct().count() < factor.getValue().size()) {
                throw factorNodes.get(factor.getKey()).error("a value is listed twice");
            }
        }
        return new Matrix(
                factors,
                zip,
                rules(root.get("exclude"), factors, false),
                rules(root.get("include"), factors, true));
    }

    private List<List<String>> zip(ConfigNode node, Map<String, List<String>> factors) {
        List<List<String>> groups = new ArrayList<>();
        if (node == null) {
            return groups;
        }
        List<String> seen = new ArrayList<>();
        for (ConfigNode groupNode : node.items()) {
            List<String> group = new ArrayList<>();
            for (ConfigNode item : groupNode.items()) {
                String name = item.text().strip();
                if (!factors.containsKey(name)) {
                    throw item.error("'" + name + "' is not a factor");
                }
                if (seen.contains(name)) {
                    throw item.error("'" + name + "' is in more than one zip group");
                }
                if (factors.get(name).size()
                        != factors.get(group.isEmpty() ? name : group.get(0)).size()) {
                    throw item.error(
                            "zipped factors need the same number of values: "
                                    + group.get(0)
                                    + " has "
                                    + factors.get(group.get(0)).size()
                                    + ", "
                                    + name
                                    + " has "
                                    + factors.get(name).size());
                }
                group.add(name);
                seen.add(name);
            }
            if (group.size() < 2) {
                throw groupNode.error("a zip group names at least two factors");
            }
            groups.add(List.copyOf(group));
        }
        return groups;
    }

    private List<Map<String, String>> rules(
            ConfigNode node, Map<String, List<String>> factors, boolean whole) {
        List<Map<String, String>> rules = new ArrayList<>();
        if (node == null) {
            return rules;
        }
        for (ConfigNode ruleNode : node.items()) {
            Map<String, String> rule = new LinkedHashMap<>();
            for (Map.Entry<String, ConfigNode> entry : ruleNode.entries().entrySet()) {
                if (!factors.containsKey(entry.getKey())) {
                    throw entry.getValue().error("'" + entry.getKey() + "' is not a factor");
                }
                refuseInLabel(entry.getValue());
                check(params.get(entry.getKey()), entry.getValue());
                rule.put(entry.getKey(), entry.getValue().text().strip());
            }
            if (whole && !rule.keySet().containsAll(factors.keySet())) {
                throw ruleNode.error(
                        "an include rule gives a value for every factor: "
                                + String.join(", ", factors.keySet()));
            }
            rules.add(Map.copyOf(rule));
        }
        return rules;
    }

    private Optional<Param> param(String name) {
        if (extraFactors && !params.containsKey(name)) {
            params.put(
                    name,
                    Param.required(
                            name, ParamType.TEXT, "a factor of " + owner + ", kept as text"));
        }
        return Optional.ofNullable(params.get(name));
    }

    /** A factor's value labels every result: it may hold neither a secret nor a control character. */
    private static void refuseInLabel(ConfigNode value) {
        if (value.isScalar() && Secrets.holdsSecret(value.text())) {
            throw value.error(
                    "holds a password (a URL's user info, a password= parameter or a password argument): "
                            + Secrets.NOT_A_FACTOR);
        }
        if (value.isScalar() && value.text().codePoints().anyMatch(ControlCharacters::refused)) {
            throw value.error(
                    "holds a control character ("
                            + ControlCharacters.escape(value.text())
                            + "); a factor's "
                            + "value labels every result");
        }
    }

    static Object check(Param param, ConfigNode node) {
        try {
            if (param.type() == ParamType.SETTINGS && node.isMapping()) {
                // {metric: iops, window: 10s} -> metric=iops;window=10s
                List<String> entries = new ArrayList<>();
                node.entries().forEach((k, v) -> entries.add(k + "=" + v.text().strip()));
                return param.parse(String.join(";", entries));
            }
            return param.parse(node.text());
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage());
        }
    }
}
