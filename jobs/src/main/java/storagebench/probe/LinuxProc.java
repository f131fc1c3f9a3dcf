package storagebench.probe;

/** Parsers for the text of Linux {@code /proc} and {@code /sys} files; null for anything they cannot find. */
final class LinuxProc {
    private LinuxProc() {}

    /** The first {@code model name} of {@code /proc/cpuinfo} (x86 and most others; absent on some ARM). */
    static String cpuModel(String cpuinfo) {
        if (cpuinfo == null) {
            return null;
        }
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals("model name")) {
                return blankToNull(line.substring(colon + 1));
            }
        }
        return null;
    }

    /** {@code MemTotal} of {@code /proc/meminfo} in bytes (the file counts kibibytes as "kB"). */
    static Long memTotalBytes(String meminfo) {
        if (meminfo == null) {
            return null;
        }
        for (String line : meminfo.split("\n")) {
            if (line.startsWith("MemTotal:")) {
                String[] parts = line.substring("MemTotal:".length()).strip().split("\\s+");
                try {
                    long value = Long.parseLong(parts[0]);
                    return parts.length > 1 && parts[1].equalsIgnoreCase("kB")
                            ? value * 1024
                            : value;
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The first line of a one-value file such as {@code scaling_governor} or {@code osrelease}. */
    static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        int end = text.indexOf('\n');
        return blankToNull(end < 0 ? text : text.substring(0, end));
    }

    /** The active scheduler of {@code queue/scheduler}: {@code none [mq-deadline] kyber} gives mq-deadline. */
    static String activeScheduler(String text) {
        String line = firstLine(text);
        if (line == null) {
            return null;
        }
        int open = line.indexOf('[');
        int close = line.indexOf(']', open + 1);
        return open >= 0 && close > open ? blankToNull(line.substring(open + 1, close)) : line;
    }

    /** {@code queue/rotational}: 1 for spinning disks, 0 for flash; anything else is unknown. */
    static Boolean rotational(String text) {
        String line = firstLine(text);
        if ("1".equals(line)) {
            return true;
        }
        return "0".equals(line) ? false : null;
    }

    private static String blankToNull(String s) {
        String stripped = s.strip();
        return stripped.isEmpty() ? null : stripped;
    }
}
