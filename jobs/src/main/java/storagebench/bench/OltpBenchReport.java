package storagebench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code bench oltp} measured: per number of clients, each ABBA pair's tps and CPU µs per
 * transaction of (a) oltp's tpcb mix and (b) pgbench.
 *
 * @param location the server, its URL redacted
 * @param settings scale, clients, duration, pairs
 * @param results per number of clients
 */
public record OltpBenchReport(String location, OltpBench.Settings settings, List<Clients> results) {
    /** The least (a) / (b) on tps the driver is meant to reach. */
    public static final double TARGET = 0.9;

    /**
     * One number of clients: each pair's {tps, CPU µs per transaction} of (a) and (b), and the load
     * average around the pairs.
     */
    public record Clients(int clients, Abba.Paired<double[]> paired) {
        List<double[]> ours() {
            return paired.as();
        }

        List<double[]> pgbench() {
            return paired.bs();
        }

        double oursTps() {
            return median(column(ours(), 0));
        }

        double pgbenchTps() {
            return median(column(pgbench(), 0));
        }

        /** (a) / (b) on the medians of tps. */
        double ratio() {
            return oursTps() / pgbenchTps();
        }

        /** Each pair's (a) / (b) on tps: the two ran back to back. */
        PairRatios pairRatios() {
            return paired.ratios(p -> p.a()[0] / p.b()[0]);
        }

        /** The median of each pair's (a) / (b). */
        double pairedRatio() {
            return pairRatios().median();
        }
    }

    static List<Double> column(List<double[]> rows, int i) {
        return rows.stream().map(r -> r[i]).toList();
    }

    static double median(List<Double> values) {
        return PairRatios.median(values);
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench oltp on %s: tpcb at scale %d, %s s per run, %d ABBA pairs per client count after 1"
                        + " warm-up pair, pgbench -n -M prepared",
                location,
                settings.scale(),
                settings.duration().toSeconds(),
                settings.pairs());
        line(
                out,
                "%-8s %12s %12s %10s %10s %14s %14s  %s",
                "clients",
                "(a) tps",
                "(b) tps",
                "a/b",
                "a/b pair",
                "(a) cpu us/tx",
                "(b) cpu us/tx",
                "target a/b >= " + TARGET);
        for (Clients c : results) {
            line(
                    out,
                    "%-8d %12.1f %12.1f %10.3f %10.3f %14.1f %14.1f  %s",
                    c.clients(),
                    c.oursTps(),
                    c.pgbenchTps(),
                    c.ratio(),
                    c.pairedRatio(),
                    median(column(c.ours(), 1)),
                    median(column(c.pgbench(), 1)),
                    c.ratio() >= TARGET ? "met" : "NOT met");
        }
        for (Clients c : results) {
            line(out, "%d client(s), each pair's tps (a) / (b): %s", c.clients(), rounds(c));
            line(out, "%s", c.pairRatios().summary(c.clients() + " client(s), a / b per pair"));
        }
        line(
                out,
                "(a) oltp mix tpcb (storagebench's driver, a thread and a connection per client); (b) pgbench."
                        + " cpu: (a) the virtual users' threads over the measured step, (b) pgbench's process"
                        + " (read while it runs, so slightly low)");
        return out.toString();
    }

    private static String rounds(Clients c) {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < c.ours().size(); i++) {
            pairs.add(
                    String.format(
                            Locale.ROOT, "%.0f/%.0f", c.ours().get(i)[0], c.pgbench().get(i)[0]));
        }
        return String.join(", ", pairs);
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
