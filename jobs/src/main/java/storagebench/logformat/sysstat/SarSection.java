package storagebench.logformat.sysstat;

import java.util.List;
import java.util.Map;

/**
 * One section of {@code sadf -d} output, told by its header line
 * {@code # hostname;interval;timestamp;<columns>}: which rows its lines give, and the columns that
 * are figures.
 *
 * @param kind what it is
 * @param key the column naming the row (CPU, DEV), or null
 * @param columns the figures' names, after hostname, interval, timestamp and the key
 * @param fields the number of fields of each of its lines
 * @param line where its header is
 */
record SarSection(Kind kind, String key, List<String> columns, int fields, long line) {
    /** The header line's start. */
    static final String HEADER = "# hostname;interval;timestamp;";

    enum Kind {
        CPU,
        /** sar -m CPU: each CPU's frequency, joined to its CPU row of the interval. */
        FREQUENCY,
        DEVICE,
        MEMORY,
        SWAP,
        PRESSURE,
        /** An activity not read (paging, network, load, …): its lines are passed over. */
        OTHER
    }

    /** The section of a header line's fields (the first one without its "# "). */
    static SarSection of(List<String> header, long line) {
        List<String> rest = header.subList(3, header.size());
        String first = rest.isEmpty() ? "" : rest.get(0);
        Kind kind;
        if (first.equals("CPU") && rest.contains("%idle")) {
            kind = Kind.CPU;
        } else if (first.equals("CPU") && rest.contains("MHz")) {
            kind = Kind.FREQUENCY;
        } else if (first.equals("DEV") && rest.contains("%util")) {
            kind = Kind.DEVICE;
        } else if (rest.contains("kbmemfree")) {
            kind = Kind.MEMORY;
        } else if (rest.contains("kbswpfree")) {
            kind = Kind.SWAP;
        } else if (rest.contains("%scpu") || rest.contains("%sio") || rest.contains("%smem")) {
            kind = Kind.PRESSURE;
        } else {
            kind = Kind.OTHER;
        }
        boolean keyed = kind == Kind.CPU || kind == Kind.FREQUENCY || kind == Kind.DEVICE;
        return new SarSection(
                kind,
                keyed ? first : null,
                List.copyOf(keyed ? rest.subList(1, rest.size()) : rest),
                header.size(),
                line);
    }

    /** Whether its rows are CPU rows: all or a core's. */
    boolean cpu() {
        return kind == Kind.CPU || kind == Kind.FREQUENCY;
    }

    /** The row's source, by kind. */
    String source(String name) {
        return switch (kind) {
            case CPU, FREQUENCY -> name.equals("-1") || name.equals("all") ? "cpu" : "core";
            case DEVICE -> "device";
            case MEMORY, SWAP -> "memory";
            case PRESSURE -> "pressure";
            case OTHER -> null;
        };
    }

    /** The row's name: all, cpuN or the device. */
    String name(String key) {
        return switch (kind) {
            case CPU, FREQUENCY -> key.equals("-1") || key.equals("all") ? "all" : "cpu" + key;
            case DEVICE -> key;
            default -> "all";
        };
    }

    Map<String, Double> metrics(Map<String, Double> numbers) {
        return switch (kind) {
            case CPU -> HostFigures.cpu(numbers);
            case FREQUENCY -> HostFigures.frequency(numbers);
            case DEVICE -> HostFigures.device(numbers);
            case MEMORY -> HostFigures.memory(numbers);
            case SWAP -> HostFigures.swap(numbers);
            case PRESSURE -> HostFigures.pressure(numbers);
            case OTHER -> Map.of();
        };
    }
}
