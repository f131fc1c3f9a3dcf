package storagebench.logformat.pgbench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import storagebench.logformat.LogParser;

/** The three files pgbench writes, told apart by the first line that is one of them. */
enum PgbenchForm {
    /** What pgbench prints: version, progress lines (-P), the summary, per-statement latencies (-r). */
    SUMMARY,
    /** --aggregate-interval log: {@code interval_start num_transactions sum_latency sum_latency_2 min max …}. */
    AGGREGATE_LOG,
    /** -l log: {@code client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]}. */
    TRANSACTION_LOG;

    static final String EXPECTED =
            "pgbench output (its summary, -P progress lines), an --aggregate-interval log "
                    + "or a per-transaction -l log";

    /** Unix time of 1973-03-03: an interval_start or time_epoch, never a client id. */
    private static final long EPOCH_MIN = 100_000_000L;

    private static final Set<Integer> AGGREGATE_FIELDS = Set.of(6, 10, 11, 15);
    private static final Set<String> TIME_WORDS =
            Set.of("skipped", "failed", "serialization", "deadlock");
    private static final List<String> SUMMARY_STARTS =
            List.of(
                    "pgbench (",
                    "pgbench: ",
                    "starting vacuum",
                    "transaction type:",
                    "progress: ",
                    "scaling factor:",
                    "number of clients:",
                    "latency average",
                    "tps = ");

    static Optional<PgbenchForm> detect(List<String> head) {
        for (String line : head.subList(0, Math.min(head.size(), LogParser.SNIFF_LINES))) {
            String text = line.strip();
            if (SUMMARY_STARTS.stream().anyMatch(text::startsWith)) {
                return Optional.of(SUMMARY);
            }
            String[] fields = fields(text);
            if (isAggregate(fields)) {
                return Optional.of(AGGREGATE_LOG);
            }
            if (isTransaction(fields)) {
                return Optional.of(TRANSACTION_LOG);
            }
        }
        return Optional.empty();
    }

    /**
     * The line's fields: separated by runs of spaces and tabs, whitespace at either end dropped (as
     * {@code line.strip().split("[ \t]+")}, without a regular expression: a -l log has a line per
     * transaction).
     */
    static String[] fields(String line) {
        String text = line.strip();
        int n = text.length();
        if (n == 0) {
            return new String[0];
        }
        String[] found = new String[8];
        int count = 0;
        int i = 0;
        while (i < n) {
            int start = i;
            while (i < n && !separator(text.charAt(i))) {
                i++;
            }
            if (count == found.length) {
                found = Arrays.copyOf(found, count * 2);
            }
            found[count++] = text.substring(start, i);
            while (i < n && separator(text.charAt(i))) {
                i++;
            }
        }
        return count == found.length ? found : Arrays.copyOf(found, count);
    }

    private static boolean separator(char c) {
        return c == ' ' || c == '\t';
    }

    /** 6 fields up to PostgreSQL 14 (10 with --rate, 11 with --latency-limit too), 15 from 15 on. */
    static boolean isAggregate(String[] f) {
        if (!AGGREGATE_FIELDS.contains(f.length)) {
            return false;
        }
        for (String field : f) {
            if (!digits(field)) {
                return false;
            }
        }
        return epoch(f[0]);
    }

    static boolean isTransaction(String[] f) {
        if (f.length < 6
                || f.length > 8
                || !digits(f[0])
                || epoch(f[0])
                || !digits(f[1])
                || !digits(f[3])
                || !epoch(f[4])
                || !digits(f[5])) {
            return false;
        }
        for (int i = 6; i < f.length; i++) {
            if (!digits(f[i])) {
                return false;
            }
        }
        return digits(f[2]) || TIME_WORDS.contains(f[2]);
    }

    private static boolean epoch(String field) {
        return digits(field) && field.length() <= 18 && Long.parseLong(field) >= EPOCH_MIN;
    }

    static boolean digits(String field) {
        int n = field.length();
        if (n == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = field.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
