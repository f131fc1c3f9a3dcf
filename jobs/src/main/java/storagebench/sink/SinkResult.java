package storagebench.sink;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What a sink run added to the dataset.
 *
 * @param rowsByTable rows in files this run committed, per table ({@code runs}, {@code trials}, ...)
 * @param files files committed
 * @param deadLetters messages sent to the dead-letter topic
 * @param duplicates events dropped because an event with the same id was already in the dataset
 */
public record SinkResult(
        Map<String, Long> rowsByTable, long files, long deadLetters, long duplicates) {
    public SinkResult {
        rowsByTable = Map.copyOf(rowsByTable);
    }

    public long rows() {
        return rowsByTable.values().stream().mapToLong(Long::longValue).sum();
    }

    public long rows(String table) {
        return rowsByTable.getOrDefault(table, 0L);
    }

    /**
     * One line, e.g. {@code 1200 rows (runs 10, run_finished 10, trials 1180) in 6 files, 0 dead letters,
     * 0 duplicates dropped}.
     */
    public String summary() {
        String perTable = byTable(rowsByTable);
        return rows()
                + " rows"
                + (perTable.isEmpty() ? "" : " (" + perTable + ")")
                + " in "
                + files
                + " files, "
                + deadLetters
                + " dead letters, "
                + duplicates
                + " duplicates dropped";
    }

    /** Counts per table in the tables' order, as {@link #summary} gives them: {@code runs 10, trials 1180}. */
    public static String byTable(Map<String, Long> counts) {
        return new TreeMap<>(counts)
                .entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "));
    }
}
