package storagebench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import storagebench.experiment.HostSetting;
import storagebench.workload.process.CommandFailedException;
import storagebench.workload.process.CommandLineSplitter;
import storagebench.workload.process.Placeholders;
import storagebench.workload.process.ProcessRun;

/**
 * Applies a variant's host settings before its trials and reads them back, so that no result is
 * ever labelled with a setting it did not have. A setting is applied only when the value in force
 * differs from the variant's; it is read back before every trial.
 */
final class HostSettings {
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(120);
    private final List<HostSetting> settings;
    private final Path dir;
    private int commands;

    HostSettings(List<HostSetting> settings, Path dir) {
        this.settings = settings;
        this.dir = dir;
    }

    /** The value of every setting in force, for the run's start. */
    Map<String, String> current() throws SettingException {
        Map<String, String> values = new LinkedHashMap<>();
        for (HostSetting setting : settings) {
            values.put(setting.name(), read(setting));
        }
        return values;
    }

    /** Brings the host to the variant's settings and returns them as read back; throws with the reason when it cannot. */
    Map<String, String> prepare(Map<String, String> factors) throws SettingException {
        Map<String, String> inForce = new LinkedHashMap<>();
        for (HostSetting setting : settings) {
            String wanted = factors.get(setting.name());
            if (wanted == null) {
                continue;
            }
            String value = read(setting);
            if (!value.equals(wanted)) {
                run(setting, setting.apply(), wanted, "apply");
                value = read(setting);
            }
            if (!value.equals(wanted)) {
                throw new SettingException(
                        "host setting "
                                + setting.name()
                                + " is '"
                                + value
                                + "' after applying '"
                                + wanted
                                + "'; the trial would run with a setting it is not labelled with");
            }
            inForce.put(setting.name(), value);
        }
        return inForce;
    }

    private String read(HostSetting setting) throws SettingException {
        if (setting.read() == null) {
            return builtIn(setting);
        }
        return run(setting, setting.read(), "", "read").strip();
    }

    private String run(HostSetting setting, String command, String value, String what)
            throws SettingException {
        String text = Placeholders.substitute(command, Map.of("value", value));
        List<String> argv =
                setting.shell() ? List.of("/bin/sh", "-c", text) : CommandLineSplitter.split(text);
        String base = setting.name() + "-" + (++commands) + "-" + what;
        try {
            Files.createDirectories(dir);
            Path out = dir.resolve(base + ".stdout");
            new ProcessRun(argv, Map.of(), dir, COMMAND_TIMEOUT)
                    .run(out, dir.resolve(base + ".stderr"));
            return Files.readString(out);
        } catch (CommandFailedException | IOException e) {
            throw new SettingException(
                    "host setting "
                            + setting.name()
                            + ": "
                            + what
                            + " command failed: "
                            + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SettingException("interrupted while setting " + setting.name());
        }
    }

    private String builtIn(HostSetting setting) throws SettingException {
        if (setting.name().equals("cpu-governor")) {
            return cpuGovernor(Path.of("/sys/devices/system/cpu"));
        }
        if (setting.name().equals("power-plan")) {
            return powerPlan(run(setting, "powercfg /getactivescheme", "", "read"));
        }
        String name = setting.name();
        throw new SettingException(
                "host setting " + name + " has no built-in reader on this system; give 'read'");
    }

    /** The plan's name from {@code Power Scheme GUID: 381b4222-…  (Balanced)}. */
    static String powerPlan(String output) throws SettingException {
        int open = output.lastIndexOf('(');
        int close = output.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new SettingException(
                    "cannot read the power plan from powercfg's output: " + output.strip());
        }
        return output.substring(open + 1, close).strip();
    }

    /** The governor of every CPU; a mix is reported as such, and never equals a single value. */
    static String cpuGovernor(Path cpus) throws SettingException {
        TreeSet<String> governors = new TreeSet<>();
        try (Stream<Path> list = Files.list(cpus)) {
            for (Path cpu :
                    list.filter(p -> p.getFileName().toString().matches("cpu\\d+")).toList()) {
                Path file = cpu.resolve("cpufreq/scaling_governor");
                if (Files.isReadable(file)) {
                    governors.add(Files.readString(file).strip());
                }
            }
        } catch (IOException e) {
            throw new SettingException("cannot read the CPU governor: " + e.getMessage());
        }
        if (governors.isEmpty()) {
            throw new SettingException(
                    "this host exposes no CPU frequency governor (no cpufreq in /sys)");
        }
        return governors.size() == 1
                ? governors.first()
                : "mixed: " + String.join(",", new ArrayList<>(governors));
    }

    /** A host setting that could not be applied or does not hold. */
    static final class SettingException extends Exception {
        SettingException(String message) {
            super(message);
        }
    }
}
