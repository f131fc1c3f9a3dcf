package storagebench.logformat.pgbench;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the summary pgbench prints at the end of a run into its factors and metrics. Both the
 * PostgreSQL 14+ lines ("initial connection time = …", "tps = … (without initial connection time)",
 * failures and retries from 15) and the older ones ("tps = … (including connections establishing)",
 * "latency average: …") are read. Per-script sections ("SQL script 2: …") prefix their names with
 * {@code script_2_}; -r statement latencies become {@code stmt_<n>_latency_ms} (and {@code _failures},
 * {@code _retries}), numbered from 1 in script order. Lines it does not know are ignored.
 */
final class SummaryLines {
    private enum Kind {
        TEXT,
        NUMBER,
        METRIC
    }

    private record Rule(String start, String name, Kind kind) {}

    private static final List<Rule> RULES =
            List.of(
                    new Rule("transaction type", "transaction_type", Kind.TEXT),
                    new Rule("query mode", "query_mode", Kind.TEXT),
                    new Rule("scaling factor", "scaling_factor", Kind.NUMBER),
                    new Rule("number of clients", "clients", Kind.NUMBER),
                    new Rule("number of threads", "threads", Kind.NUMBER),
                    new Rule("maximum number of tries", "max_tries", Kind.NUMBER),
                    new Rule("duration", "duration_s", Kind.NUMBER),
                    new Rule(
                            "number of transactions per client",
                            "transactions_per_client",
                            Kind.NUMBER),
                    new Rule("weight", "weight", Kind.NUMBER),
                    new Rule(
                            "number of transactions actually processed",
                            "transactions",
                            Kind.METRIC),
                    new Rule("number of failed transactions", "failed_transactions", Kind.METRIC),
                    new Rule(
                            "number of serialization failures",
                            "serialization_failures",
                            Kind.METRIC),
                    new Rule("number of deadlock failures", "deadlock_failures", Kind.METRIC),
                    new Rule("number of transactions skipped", "skipped_transactions", Kind.METRIC),
                    new Rule("number of transactions retried", "retried_transactions", Kind.METRIC),
                    new Rule("total number of retries", "retries", Kind.METRIC),
                    new Rule("latency average", "latency_avg_ms", Kind.METRIC),
                    new Rule("latency stddev", "latency_stddev_ms", Kind.METRIC),
                    new Rule("initial connection time", "initial_connection_ms", Kind.METRIC));
    private static final Pattern VALUE = Pattern.compile("\\s*[:=]\\s*(.*)");
    private static final Pattern TPS = Pattern.compile("tps = (\\S+) \\((.*)\\)");
    private static final Pattern ABOVE_LIMIT =
            Pattern.compile(
                    "number of transactions above the (\\S+) ms latency limit: (\\S+?)(/\\S+)? .*");
    private static final Pattern LAG =
            Pattern.compile("rate limit schedule lag: avg (\\S+) \\(max (\\S+)\\) ms");
    private static final Pattern SCRIPT = Pattern.compile("SQL script (\\d+): (.*)");
    private static final Pattern SCRIPT_TRANSACTIONS =
            Pattern.compile("(\\d+) transactions \\(\\S+ of total, tps = (\\S+)\\)");

    private final PgbenchRun run;
    private String prefix = "";
    private int columns;
    private int statement;

    SummaryLines(PgbenchRun run) {
        this.run = run;
    }

    void accept(long number, String line) {
        String text = line.strip();
        if (columns > 0 && statement(text)) {
            return;
        }
        columns = 0;
        if (text.startsWith("- ")) {
            text = text.substring(2);
        }
        if (text.startsWith("statement latencies in milliseconds")) {
            columns = 1 + (text.contains("failures") ? 1 : 0) + (text.contains("retries") ? 1 : 0);
            statement = 0;
        } else if (!special(number, text, line)) {
            for (Rule rule : RULES) {
                Matcher value = VALUE.matcher(text);
                if (text.startsWith(rule.start())
                        && value.region(rule.start().length(), text.length()).matches()) {
                    apply(rule, value.group(1), number, line);
                    return;
                }
            }
        }
    }

    private boolean special(long number, String text, String line) {
        Matcher m;
        if ((m = SCRIPT.matcher(text)).matches()) {
            prefix = "script_" + m.group(1) + "_";
            run.factors.put("script_" + m.group(1), m.group(2));
        } else if ((m = TPS.matcher(text)).matches()) {
            metric(
                    m.group(2).contains("including") ? "tps_including_connections" : "tps",
                    m.group(1),
                    number,
                    line);
        } else if ((m = ABOVE_LIMIT.matcher(text)).matches()) {
            run.factors.putIfAbsent("latency_limit_ms", m.group(1));
            metric("above_latency_limit", m.group(2), number, line);
        } else if ((m = LAG.matcher(text)).matches()) {
            metric("lag_avg_ms", m.group(1), number, line);
            metric("lag_max_ms", m.group(2), number, line);
        } else if ((m = SCRIPT_TRANSACTIONS.matcher(text)).matches()) {
            metric("transactions", m.group(1), number, line);
            metric("tps", m.group(2), number, line);
        } else {
            return false;
        }
        return true;
    }

    private void apply(Rule rule, String value, long number, String line) {
        String first = value.split("[\\s/]", 2)[0];
        switch (rule.kind()) {
            case TEXT -> run.factors.put(prefix + rule.name(), value);
            case NUMBER -> {
                if (Double.isNaN(number(first))) {
                    run.problem(
                            number,
                            "unreadable number for " + rule.name() + " in the pgbench summary",
                            line);
                } else {
                    run.factors.put(prefix + rule.name(), first);
                }
            }
            case METRIC -> metric(rule.name(), first, number, line);
        }
    }

    private void metric(String name, String value, long number, String line) {
        double v = number(value);
        if (Double.isFinite(v)) {
            run.metrics.put(prefix + name, v);
        } else if (!value.toLowerCase(Locale.ROOT)
                .endsWith("nan")) { // pgbench prints nan for empty stats
            run.problem(number, "unreadable number for " + name + " in the pgbench summary", line);
        }
    }

    /** A -r line: latency [failures [retries]] then the statement's text. */
    private boolean statement(String text) {
        String[] parts = text.split("\\s+", columns + 1);
        if (parts.length <= columns) {
            return false;
        }
        double[] values = new double[columns];
        for (int i = 0; i < columns; i++) {
            values[i] = number(parts[i]);
            if (Double.isNaN(values[i]) && !parts[i].toLowerCase(Locale.ROOT).endsWith("nan")) {
                return false;
            }
        }
        statement++;
        String name = prefix + "stmt_" + statement + "_";
        String[] suffixes = {"latency_ms", "failures", "retries"};
        for (int i = 0; i < columns; i++) {
            if (Double.isFinite(values[i])) {
                run.metrics.put(name + suffixes[i], values[i]);
            }
        }
        return true;
    }

    /** NaN when the text is not a number. */
    static double number(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
