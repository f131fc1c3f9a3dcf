package storagebench.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import storagebench.compare.ChangePoint;

/**
 * The validation table of {@code bench changepoints}: each group of synthetic series judged by each
 * method after every run ({@link SeriesReplay}), as figures per method.
 *
 * @param rows each measure of each group, in the order printed
 */
record ChangePointValidation(List<Row> rows) {
    /** How far after a change a regression counts as detecting it, in runs. */
    static final int WITHIN = 5;

    /** How far from the change a change point of the whole series counts as finding it. */
    static final int NEAR = 5;

    /**
     * One line of the table.
     *
     * @param group the series it covers, with their count
     * @param measure what is measured
     * @param figures per method, as printed ("—" where it does not apply)
     * @param goal the goal, or empty
     */
    record Row(
            String group, String measure, Map<SeriesReplay.Method, String> figures, String goal) {}

    /** The judged series of one group, per method. */
    private record Group(
            List<SyntheticSeries> series, Map<SeriesReplay.Method, List<SeriesReplay>> by) {
        long runs() {
            return series.stream().mapToLong(SyntheticSeries::runs).sum();
        }
    }

    static ChangePointValidation of(List<SyntheticSeries> all) {
        Map<SeriesReplay.Method, List<SeriesReplay>> replays =
                new EnumMap<>(SeriesReplay.Method.class);
        for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
            replays.put(m, all.parallelStream().map(s -> SeriesReplay.of(s, m)).toList());
        }
        List<Row> rows = new ArrayList<>();
        Group none = group(all, replays, s -> s.shape() == SyntheticSeries.Shape.NONE);
        String noneLabel = label("no change, noise 1–5%", none);
        rows.add(
                row(
                        noneLabel,
                        "false alarms per 100 runs (regressions raised, checked after every run)",
                        none,
                        (s, r) -> (double) r.alarms().size(),
                        100.0 / none.runs(),
                        "%.2f",
                        "≤ 1"));
        rows.add(
                changePointsOnly(
                        noneLabel,
                        "change points per 100 runs in the whole series",
                        none,
                        (s, r) -> (double) r.whole().size(),
                        100.0 / none.runs(),
                        "%.2f"));
        steps(
                rows,
                "5% slower, noise 1%",
                group(all, replays, s -> s.shape() == SyntheticSeries.Shape.STEP_5),
                "≥ 95%");
        steps(
                rows,
                "2–20% slower, noise 1–5%",
                group(all, replays, s -> s.shape() == SyntheticSeries.Shape.STEP && s.change() > 0),
                "");
        Group faster =
                group(all, replays, s -> s.shape() == SyntheticSeries.Shape.STEP && s.change() < 0);
        String fasterLabel = label("2–20% faster, noise 1–5%", faster);
        rows.add(
                row(
                        fasterLabel,
                        "regression raised within " + WITHIN + " runs after the improvement",
                        faster,
                        (s, r) ->
                                r.firstAlarm(s.changeAt(), s.changeAt() + WITHIN) != null ? 1.0 : 0,
                        100.0 / faster.series().size(),
                        "%.1f%%",
                        ""));
        rows.add(
                changePointsOnly(
                        fasterLabel,
                        "found as faster in the whole series (within " + NEAR + " runs)",
                        faster,
                        (s, r) -> found(s, r) != null ? 1.0 : 0,
                        100.0 / faster.series().size(),
                        "%.1f%%"));
        drift(rows, group(all, replays, s -> s.shape() == SyntheticSeries.Shape.DRIFT));
        return new ChangePointValidation(List.copyOf(rows));
    }

    private static void steps(List<Row> rows, String what, Group g, String goal) {
        String label = label(what, g);
        rows.add(
                row(
                        label,
                        "detected within " + WITHIN + " runs after the step",
                        g,
                        (s, r) ->
                                r.firstAlarm(s.changeAt(), s.changeAt() + WITHIN) != null ? 1.0 : 0,
                        100.0 / g.series().size(),
                        "%.1f%%",
                        goal));
        rows.add(
                median(
                        label,
                        "median error of the detected position, runs",
                        g,
                        (s, r) -> {
                            int[] a = r.firstAlarm(s.changeAt(), s.changeAt() + WITHIN);
                            return a == null ? null : (double) Math.abs(a[1] - s.changeAt());
                        }));
        rows.add(
                row(
                        label,
                        "regressions raised from the step on, per step",
                        g,
                        (s, r) -> (double) r.alarmsFrom(s.changeAt()),
                        1.0 / g.series().size(),
                        "%.2f",
                        "1"));
        rows.add(
                changePointsOnly(
                        label,
                        "found in the whole series (within " + NEAR + " runs)",
                        g,
                        (s, r) -> found(s, r) != null ? 1.0 : 0,
                        100.0 / g.series().size(),
                        "%.1f%%"));
    }

    private static void drift(List<Row> rows, Group g) {
        String label = label("drift 0.2% slower per run, noise 1–5%", g);
        rows.add(
                row(
                        label,
                        "detected (a regression raised after it began)",
                        g,
                        (s, r) -> r.firstAlarm(s.changeAt(), s.runs()) != null ? 1.0 : 0,
                        100.0 / g.series().size(),
                        "%.1f%%",
                        ""));
        rows.add(
                median(
                        label,
                        "median runs from its start to the regression",
                        g,
                        (s, r) -> {
                            int[] a = r.firstAlarm(s.changeAt(), s.runs());
                            return a == null ? null : (double) (a[0] - s.changeAt());
                        }));
        rows.add(
                median(
                        label,
                        "median error of the detected position, runs",
                        g,
                        (s, r) -> {
                            int[] a = r.firstAlarm(s.changeAt(), s.runs());
                            return a == null ? null : (double) Math.abs(a[1] - s.changeAt());
                        }));
    }

    /** The whole series' change point nearest the change, in its direction, within {@link #NEAR}. */
    private static ChangePoint found(SyntheticSeries s, SeriesReplay r) {
        ChangePoint best = null;
        for (ChangePoint c : r.whole()) {
            boolean rightWay = c.worse() == s.change() > 0;
            int error = Math.abs(c.index() - s.changeAt());
            if (rightWay
                    && error <= NEAR
                    && (best == null || error < Math.abs(best.index() - s.changeAt()))) {
                best = c;
            }
        }
        return best;
    }

    /** A figure per series and method. */
    private interface Figure {
        Double of(SyntheticSeries s, SeriesReplay r);
    }

    private static Group group(
            List<SyntheticSeries> all,
            Map<SeriesReplay.Method, List<SeriesReplay>> replays,
            Predicate<SyntheticSeries> in) {
        List<SyntheticSeries> series = new ArrayList<>();
        Map<SeriesReplay.Method, List<SeriesReplay>> by = new EnumMap<>(SeriesReplay.Method.class);
        for (int i = 0; i < all.size(); i++) {
            if (in.test(all.get(i))) {
                series.add(all.get(i));
                for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
                    by.computeIfAbsent(m, k -> new ArrayList<>()).add(replays.get(m).get(i));
                }
            }
        }
        return new Group(series, by);
    }

    private static String label(String what, Group g) {
        return String.format("%s (%,d series, %,d runs)", what, g.series().size(), g.runs());
    }

    /** The sum of {@code figure} over the group times {@code scale}, per method. */
    private static Row row(
            String group,
            String measure,
            Group g,
            Figure figure,
            double scale,
            String format,
            String goal) {
        Map<SeriesReplay.Method, String> figures = new EnumMap<>(SeriesReplay.Method.class);
        for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
            double sum = 0;
            for (int i = 0; i < g.series().size(); i++) {
                sum += figure.of(g.series().get(i), g.by().get(m).get(i));
            }
            figures.put(m, String.format(Locale.ROOT, format, sum * scale));
        }
        return new Row(group, measure, figures, goal);
    }

    private static Row changePointsOnly(
            String group, String measure, Group g, Figure figure, double scale, String format) {
        Row all = row(group, measure, g, figure, scale, format, "");
        Map<SeriesReplay.Method, String> figures = new EnumMap<>(all.figures());
        figures.put(SeriesReplay.Method.WINDOW, "—");
        return new Row(group, measure, figures, "");
    }

    /** The median of {@code figure} where it has one, per method ("—" where none has). */
    private static Row median(String group, String measure, Group g, Figure figure) {
        Map<SeriesReplay.Method, String> figures = new EnumMap<>(SeriesReplay.Method.class);
        for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i < g.series().size(); i++) {
                Double v = figure.of(g.series().get(i), g.by().get(m).get(i));
                if (v != null) {
                    values.add(v);
                }
            }
            figures.put(
                    m,
                    values.isEmpty()
                            ? "—"
                            : String.format(Locale.ROOT, "%.0f", PairRatios.median(values)));
        }
        return new Row(group, measure, figures, "");
    }

    /** The table in Markdown. */
    String markdown() {
        StringBuilder out = new StringBuilder("| series | measure |");
        for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
            out.append(' ').append(m.label).append(" |");
        }
        out.append(" goal |\n|---|---|");
        out.append("---|".repeat(SeriesReplay.Method.values().length)).append("---|\n");
        String previous = null;
        for (Row r : rows) {
            out.append("| ")
                    .append(r.group().equals(previous) ? "" : r.group())
                    .append(" | ")
                    .append(r.measure())
                    .append(" |");
            for (SeriesReplay.Method m : SeriesReplay.Method.values()) {
                out.append(' ').append(r.figures().get(m)).append(" |");
            }
            out.append(' ').append(r.goal()).append(" |\n");
            previous = r.group();
        }
        return out.toString();
    }
}
