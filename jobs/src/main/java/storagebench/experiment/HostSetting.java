package storagebench.experiment;

import java.util.List;
import java.util.Map;
import storagebench.config.ConfigNode;
import storagebench.config.Values;
import storagebench.workload.process.CommandLineSplitter;
import storagebench.workload.process.Placeholders;

/**
 * A setting of the host that a factor of the same name varies, such as the CPU frequency governor
 * or the Windows power plan (seed 004). {@code apply} sets it ({@code {value}} is the variant's
 * value); {@code read} prints the setting in force, which must equal the value before a trial runs.
 *
 * @param name the setting's name, also the factor's
 * @param apply the command that sets it
 * @param read the command that prints it, or null for a built-in reader
 * @param shell whether the commands run through /bin/sh -c
 */
public record HostSetting(String name, String apply, String read, boolean shell) {
    /** Settings whose value storagebench reads itself when no {@code read} command is given. */
    public static final List<String> BUILT_IN = List.of("cpu-governor", "power-plan");

    static HostSetting read(String name, ConfigNode node) {
        String apply = node.required("apply").text();
        check(node.get("apply"), apply);
        ConfigNode readNode = node.get("read");
        String read = readNode == null ? null : readNode.text();
        if (readNode != null) {
            check(readNode, read);
        } else if (!BUILT_IN.contains(name)) {
            throw node.error(
                    "needs a 'read' command that prints the setting in force (built in only for "
                            + String.join(", ", BUILT_IN)
                            + ")");
        }
        boolean shell = node.value("shell", Values.BOOLEAN, false);
        node.finish("host setting " + name);
        return new HostSetting(name, apply, read, shell);
    }

    private static void check(ConfigNode node, String command) {
        try {
            CommandLineSplitter.split(command);
            Placeholders.substitute(command, Map.of("value", "x"));
        } catch (IllegalArgumentException e) {
            throw node.error(e.getMessage());
        }
    }
}
