package storagebench.bench;

import java.util.List;
import java.util.Locale;

/**
 * What {@code bench import} measured, in seconds.
 *
 * @param files the small files imported by each import of many files
 * @param records the records of each small file
 * @param events the events the import of the small files publishes, which the floor publishes too
 * @param lines the lines of the large pgbench log
 * @param logBytes its size
 * @param embedded whether the embedded broker served the topics
 * @param many per pair, A: the floor, each file's events in a transaction of its own; B: the import
 * @param big per pair, A: DuckDB's read_csv into Parquet; B: the import of the log
 */
public record ImportBenchReport(
        int files,
        int records,
        long events,
        long lines,
        long logBytes,
        boolean embedded,
        Abba.Paired<Double> many,
        Abba.Paired<Double> big) {
    /** Goal: 1,000 files of 5 records imported in at most this many seconds. */
    public static final double GOAL_MANY_SECONDS = 30;

    /** Goal: the large log imported at least this fraction of DuckDB's speed. */
    public static final double GOAL_SPEED = 0.5;

    /** Each pair's import time over the floor's. */
    PairRatios manyRatios() {
        return many.ratios(p -> p.b() / p.a());
    }

    /** Each pair's import speed over DuckDB's: DuckDB's time over the import's. */
    PairRatios bigRatios() {
        return big.ratios(p -> p.a() / p.b());
    }

    public String format() {
        StringBuilder out = new StringBuilder();
        line(
                out,
                "bench import: %d ABBA pairs after a warm-up pair, each import on a topic of its own (%s);"
                        + " Java %s, %d cores",
                many.pairs().size(),
                embedded ? "the embedded broker" : "the configured cluster",
                Runtime.version(),
                Runtime.getRuntime().availableProcessors());
        line(out, "many files: %,d CSV files of %d records, %,d events", files, records, events);
        line(
                out,
                "  (a) floor: each file's events in one Kafka transaction of its own, one bare producer"
                        + " with the runner's settings");
        line(
                out,
                "  (b) import: every file checked, one scan of the topic, one producer, one job (as"
                        + " `import --no-sink`, in this JVM)");
        pairs(out, many.pairs(), "floor", "import", "b / a", manyRatios());
        double manyImport = PairRatios.median(many.bs());
        line(
                out,
                "  medians: (a) %.2f s, (b) %.2f s (%,.0f files/s)   goal <= %.0f s for 1,000 files:"
                        + " %s",
                PairRatios.median(many.as()),
                manyImport,
                files / manyImport,
                GOAL_MANY_SECONDS,
                manyImport * 1_000 / files <= GOAL_MANY_SECONDS ? "met" : "NOT met");
        line(out, "  %s", manyRatios().summary("b / a per pair"));
        line(
                out,
                "large file: a pgbench -l log of %,d lines (%,.1f MB)",
                lines,
                logBytes / 1048576.0);
        line(out, "  (a) DuckDB: read_csv (space-separated) into one Parquet file");
        line(out, "  (b) import: checked (SHA-256, first records), one scan, the job");
        pairs(out, big.pairs(), "DuckDB", "import", "a / b", bigRatios());
        double duck = PairRatios.median(big.as());
        double imported = PairRatios.median(big.bs());
        line(
                out,
                "  medians: (a) %.2f s (%,.0f lines/s), (b) %.2f s (%,.0f lines/s)",
                duck,
                lines / duck,
                imported,
                lines / imported);
        line(
                out,
                "  import's speed / DuckDB's, median of the pairs %.2f   goal >= %.1f: %s",
                bigRatios().median(),
                GOAL_SPEED,
                bigRatios().median() >= GOAL_SPEED ? "met" : "NOT met");
        line(out, "  %s", bigRatios().summary("a / b per pair"));
        return out.toString();
    }

    private static void pairs(
            StringBuilder out,
            List<Abba.Pair<Double>> pairs,
            String a,
            String b,
            String label,
            PairRatios ratios) {
        for (int i = 0; i < pairs.size(); i++) {
            Abba.Pair<Double> p = pairs.get(i);
            line(
                    out,
                    "  pair %d (%s)  (a) %s %7.2f s  (b) %s %7.2f s  %s %5.2f",
                    i + 1,
                    p.order(),
                    a,
                    p.a(),
                    b,
                    p.b(),
                    label,
                    ratios.ratios()[i]);
        }
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }
}
