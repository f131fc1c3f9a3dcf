package storagebench.sink;

import java.util.Comparator;
import java.util.List;
import storagebench.events.EventType;

/**
 * The order in which one roll's files become visible to readers, and the reverse order in which
 * recovery takes an unfinished roll's files away: every other table first, then {@code run_finished},
 * then {@code runs}. A reader that sees a run's {@code runs} row therefore sees every event of that roll
 * (its trials among them), and a run that shows as finished shows all its trials: a sink killed between
 * two files of a roll never leaves a run visible without the trials the topic holds before its end.
 */
final class Visibility {
    private Visibility() {}

    /** Publish in this order: a table's rank, lowest first. */
    static int rank(String table) {
        if (table.equals(EventType.RUN_STARTED.table())) {
            return 2;
        }
        return table.equals(EventType.RUN_FINISHED.table()) ? 1 : 0;
    }

    /** The dataset-relative {@code paths} in the order to delete them: {@code runs} first. */
    static List<String> deletionOrder(List<String> paths) {
        return paths.stream()
                .sorted(Comparator.comparingInt((String path) -> rank(tableOf(path))).reversed())
                .toList();
    }

    /** The table a dataset-relative path lies in: its first folder. */
    static String tableOf(String path) {
        int slash = path.indexOf('/');
        return slash < 0 ? path : path.substring(0, slash);
    }
}
