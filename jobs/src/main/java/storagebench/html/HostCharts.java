package storagebench.html;

import java.util.List;

/**
 * The host panel's charts: each host figure's title, unit and scale. A figure is its source, name and
 * key ({@code cpu all busy}, {@code device vda iops}), as {@link ExperimentView#hostFigures()} lists
 * them.
 */
final class HostCharts {
    private HostCharts() {}

    static String title(List<String> figure) {
        String of = figure.get(0).equals("device") ? figure.get(1) + ": device " : "";
        return of
                + switch (figure.get(2)) {
                    case "busy" -> "CPU utilisation";
                    case "freq_mhz" -> "CPU frequency";
                    case "iops" -> "IOPS";
                    case "util" -> "utilisation";
                    default -> figure.get(2);
                };
    }

    static String unit(List<String> figure) {
        return switch (figure.get(2)) {
            case "busy", "util" -> "%";
            case "freq_mhz" -> "GHz";
            case "iops" -> "IOPS";
            default -> figure.get(2);
        };
    }

    /** The value as the chart shows it: shares as percentages, MHz as GHz. */
    static double scaled(List<String> figure, double value) {
        return switch (figure.get(2)) {
            case "busy", "util" -> value * 100;
            case "freq_mhz" -> value / 1e3;
            default -> value;
        };
    }

    /** The part of a chart's file or element name that tells it apart: {@code cpu-busy}, {@code vda-iops}. */
    static String key(List<String> figure) {
        return (figure.get(0).equals("device") ? figure.get(1) : figure.get(0))
                + "-"
                + figure.get(2).replace('_', '-');
    }
}
