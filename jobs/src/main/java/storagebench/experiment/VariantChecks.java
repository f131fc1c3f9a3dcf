package storagebench.experiment;

import java.util.Map;
import storagebench.config.ConfigException;
import storagebench.config.ConfigNode;
import storagebench.workload.ParamException;

/**
 * Runs the workload's {@link storagebench.workload.Workload#check} on every variant at load, and
 * blames the file, line and key of the parameter it names: the factor when it varies, else its value
 * under {@code workload:}, else (a default) the workload itself.
 */
final class VariantChecks {
    private VariantChecks() {}

    static void run(ConfigNode root, Experiment experiment) {
        for (Map<String, String> variant : experiment.matrix().variants()) {
            try {
                experiment.workload().check(experiment.params(variant));
            } catch (ParamException e) {
                throw blame(root, e, variant);
            }
        }
    }

    private static ConfigException blame(
            ConfigNode root, ParamException e, Map<String, String> variant) {
        ConfigNode factors = root.get("factors");
        ConfigNode workload = root.get("workload");
        ConfigNode node =
                factors != null && factors.has(e.param())
                        ? factors.get(e.param())
                        : workload.has(e.param()) ? workload.get(e.param()) : workload;
        String key = node == workload ? "workload." + e.param() : node.path();
        String where =
                variant.isEmpty()
                        ? ""
                        : " (variant " + new Trial(0, 0, variant, 1, false).label() + ")";
        return new ConfigException(root.file(), node.line(), key, e.getMessage() + where);
    }
}
