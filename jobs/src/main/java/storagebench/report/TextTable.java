package storagebench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import storagebench.logformat.ControlCharacters;

/**
 * The summary as an aligned plain-text table, one row per group. Durations share one unit per
 * experiment and step; {@code ci95} is the half-width of the interval around the mean; a column
 * {@code ×FACTOR} per factor compares a variant's mean with the best (fastest) variant's that differs
 * from it in that factor only, on the same host and step ({@code ×variant}: among variants known by
 * label only). A column empty ({@code -}) in every row shown is left out.
 */
public final class TextTable {
    private static final String[] HEADER = {
        "experiment",
        "host",
        "configuration",
        "variant",
        "step",
        "unit",
        "n",
        "mean",
        "median",
        "stddev",
        "min",
        "max",
        "p95",
        "ci95",
    };

    /** Columns from here on are numbers and aligned right. */
    private static final int FIRST_NUMBER = 6;

    /** A cell with no value. */
    static final String NONE = "-";

    private static final String GAP = "  ";

    private TextTable() {}

    /** The table, one per experiment where rows of several are shown: each has its own factors. */
    public static String render(List<SummaryRow> rows) {
        return render(rows, false, SharedFactors.none());
    }

    /**
     * As {@link #render}, as Markdown tables for a ticket or a pull request: the same columns and cells,
     * the numbers aligned right, each note a list item.
     */
    public static String markdown(List<SummaryRow> rows) {
        return render(rows, true, SharedFactors.none());
    }

    /**
     * As {@link #render} or, where {@code markdown}, {@link #markdown}, each variant named by the
     * factors that tell it apart from the others of its experiment ({@code shared} has the rest).
     */
    static String render(List<SummaryRow> rows, boolean markdown, SharedFactors shared) {
        Map<String, DurationUnit> units = units(rows);
        Map<String, List<SummaryRow>> byExperiment = new LinkedHashMap<>();
        rows.forEach(
                r -> byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r));
        List<String> tables = new ArrayList<>();
        for (List<SummaryRow> experimentRows : byExperiment.values()) {
            Columns table = table(experimentRows, units, shared);
            tables.add(markdown ? table.markdown() : aligned(table.lines(), table.numbersFrom()));
        }
        StringBuilder out = new StringBuilder(String.join("\n", tables));
        boolean noted = false;
        for (SummaryRow row : rows) {
            if (row.warning() != null) {
                if (markdown && !noted) {
                    out.append('\n');
                }
                noted = true;
                out.append(markdown ? "- note: " : "note: ")
                        .append(
                                escape(
                                        String.join(
                                                " · ",
                                                Stream.of(
                                                                row.experiment(),
                                                                row.host(),
                                                                row.configuration(),
                                                                shared.variant(row),
                                                                row.step())
                                                        .filter(s -> !s.isEmpty())
                                                        .toList())))
                        .append(": ")
                        .append(row.warning())
                        .append(interval(row, units.getOrDefault(unitKey(row), DurationUnit.S)))
                        .append('\n');
            }
        }
        return out.toString();
    }

    /** A log-scale interval's bounds, which the ci95 column's half-width does not give. */
    private static String interval(SummaryRow row, DurationUnit unit) {
        return row.logScale()
                ? ", ["
                        + unit.bound(row.ciLow())
                        + ", "
                        + unit.bound(row.ciHigh())
                        + "] "
                        + unit.symbol()
                : "";
    }

    private static Columns table(
            List<SummaryRow> rows, Map<String, DurationUnit> units, SharedFactors shared) {
        List<String> ratios = ratioNames(rows);
        List<String> header = new ArrayList<>(List.of(HEADER));
        ratios.forEach(r -> header.add("×" + escape(r)));
        header.addAll(List.of("failed", "warmups"));
        List<String[]> cells = new ArrayList<>();
        cells.add(header.toArray(String[]::new));
        for (SummaryRow row : rows) {
            cells.add(cells(row, units.getOrDefault(unitKey(row), DurationUnit.S), ratios, shared));
        }
        return Columns.withoutEmpty(cells, FIRST_NUMBER);
    }

    /**
     * Lines of cells as aligned columns, two spaces apart: text left-aligned, the columns from
     * {@code firstNumber} on right-aligned.
     */
    public static String aligned(List<String[]> lines, int firstNumber) {
        int columns = lines.stream().mapToInt(l -> l.length).max().orElse(0);
        boolean[] right = new boolean[columns];
        for (int i = firstNumber; i < columns; i++) {
            right[i] = true;
        }
        return aligned(lines, right);
    }

    /** Lines of cells as aligned columns, two spaces apart: the columns {@code right} marks aligned right. */
    public static String aligned(List<String[]> lines, boolean[] right) {
        int[] widths = new int[lines.stream().mapToInt(l -> l.length).max().orElse(0)];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                String pad = " ".repeat(widths[i] - line[i].length());
                text.append(i == 0 ? "" : GAP).append(right[i] ? pad + line[i] : line[i] + pad);
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /**
     * As {@link #aligned}, without the columns that are {@value #NONE} in every line after the header
     * (a whole dataset's ratios per factor are mostly of other experiments' factors).
     */
    public static String alignedWithoutEmpty(List<String[]> lines, int firstNumber) {
        Columns columns = Columns.withoutEmpty(lines, firstNumber);
        return aligned(columns.lines(), columns.numbersFrom());
    }

    /**
     * As {@link #alignedWithoutEmpty}, as a Markdown table: the numbers aligned right, a | in a cell
     * escaped.
     */
    static String markdownWithoutEmpty(List<String[]> lines, int firstNumber) {
        return Columns.withoutEmpty(lines, firstNumber).markdown();
    }

    /** Lines of cells, a header first, whose columns from {@code numbersFrom} on are numbers. */
    private record Columns(List<String[]> lines, int numbersFrom) {
        /** {@code lines} without the columns that are {@value #NONE} in every line after the header. */
        static Columns withoutEmpty(List<String[]> lines, int firstNumber) {
            if (lines.size() < 2) {
                return new Columns(lines, firstNumber);
            }
            List<Integer> kept = new ArrayList<>();
            for (int i = 0; i < lines.get(0).length; i++) {
                int column = i;
                if (lines.stream()
                        .skip(1)
                        .anyMatch(l -> column >= l.length || !NONE.equals(l[column]))) {
                    kept.add(i);
                }
            }
            List<String[]> narrowed = new ArrayList<>(lines.size());
            for (String[] line : lines) {
                narrowed.add(
                        kept.stream()
                                .filter(i -> i < line.length)
                                .map(i -> line[i])
                                .toArray(String[]::new));
            }
            return new Columns(narrowed, (int) kept.stream().filter(i -> i < firstNumber).count());
        }

        /** A Markdown table: the header, the alignment row, a row per line; a | in a cell escaped. */
        String markdown() {
            StringBuilder out = new StringBuilder();
            for (int l = 0; l < lines.size(); l++) {
                String[] line = lines.get(l);
                out.append('|');
                for (String cell : line) {
                    out.append(' ').append(cell.replace("|", "\\|")).append(" |");
                }
                out.append('\n');
                if (l == 0) {
                    out.append('|');
                    for (int i = 0; i < line.length; i++) {
                        out.append(i < numbersFrom ? "---|" : "---:|");
                    }
                    out.append('\n');
                }
            }
            return out.toString();
        }
    }

    private static String[] cells(
            SummaryRow row, DurationUnit unit, List<String> ratios, SharedFactors shared) {
        Function<Double, String> duration = v -> v == null ? NONE : unit.format(v);
        List<String> cells = new ArrayList<>();
        Collections.addAll(
                cells,
                escape(row.experiment()),
                escape(row.host()),
                configuration(row),
                variant(row, shared),
                escape(row.step()),
                unit.symbol(),
                String.valueOf(row.n()),
                duration.apply(row.mean()),
                duration.apply(row.median()),
                duration.apply(row.stddev()),
                duration.apply(row.min()),
                duration.apply(row.max()),
                duration.apply(row.p95()),
                row.ci95() == null ? NONE : "±" + unit.format(row.ci95()));
        cells.addAll(ratioCells(row, ratios));
        cells.add(String.valueOf(row.failed()));
        cells.add(String.valueOf(row.warmups()));
        return cells.toArray(String[]::new);
    }

    /** The row's configuration label, or {@value #NONE} where its experiment ran one. */
    static String configuration(SummaryRow row) {
        return row.configuration().isEmpty() ? NONE : escape(row.configuration());
    }

    /**
     * The row's variant by the factors that tell it apart ({@link SharedFactors}), or {@value #NONE}
     * where it has none but the shared ones.
     */
    static String variant(SummaryRow row, SharedFactors shared) {
        String shown = shared.variant(row);
        return shown.isEmpty() ? NONE : escape(shown);
    }

    /** The row's ratio in each of {@code names}, as {@code ×1.23}, or "-" where it has none. */
    static List<String> ratioCells(SummaryRow row, List<String> names) {
        return names.stream()
                .map(row.ratios()::get)
                .map(r -> r == null ? NONE : String.format(Locale.ROOT, "×%.2f", r))
                .toList();
    }

    /** The factors of any row's ratios, in the order they first appear. */
    public static List<String> ratioNames(List<SummaryRow> rows) {
        Set<String> names = new LinkedHashSet<>();
        rows.forEach(r -> names.addAll(r.ratios().keySet()));
        return List.copyOf(names);
    }

    /** Text as printed: a control character would break the table, or the terminal, so it is shown as &#92;uXXXX. */
    static String escape(String text) {
        return text == null ? NONE : ControlCharacters.escape(text);
    }

    /** One unit per experiment and step, chosen by the slowest mean among its rows. */
    private static Map<String, DurationUnit> units(List<SummaryRow> rows) {
        Map<String, Double> slowest = new HashMap<>();
        for (SummaryRow row : rows) {
            if (row.mean() != null) {
                slowest.merge(unitKey(row), row.mean(), Math::max);
            }
        }
        Map<String, DurationUnit> units = new HashMap<>();
        slowest.forEach((key, seconds) -> units.put(key, DurationUnit.forLargest(seconds)));
        return units;
    }

    private static String unitKey(SummaryRow row) {
        return row.experiment() + '\n' + row.step();
    }
}
