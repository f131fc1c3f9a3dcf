package storagebench.logformat.gbak;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The statistics columns of a {@code gbak -st} log. gbak prints them in the order time, delta,
 * reads, writes whatever order the letters were given in ({@code -st wd} prints "delta writes"),
 * and says which ones in its first line ({@code gbak: time     delta  reads  writes}). Values are
 * read as whitespace-separated tokens, so columns that widen with large values do not matter.
 */
record GbakColumns(List<Column> columns) {

    enum Column {
        TIME("time", 't'),
        DELTA("delta", 'd'),
        READS("reads", 'r'),
        WRITES("writes", 'w');

        final String word;
        final char letter;

        Column(String word, char letter) {
            this.word = word;
            this.letter = letter;
        }

        boolean seconds() {
            return this == TIME || this == DELTA;
        }
    }

    /** The values of one line; null where the column is absent. Times in ns. */
    record Stats(Long timeNs, Long deltaNs, Long reads, Long writes, boolean wrapped) {}

    /** A line's statistics and the message after them; stats is null on a line without numbers. */
    record Split(Stats stats, String message) {}

    static final GbakColumns NONE = new GbakColumns(List.of());

    private static final Pattern SECONDS = Pattern.compile("\\d+\\.\\d+");
    private static final Pattern COUNT = Pattern.compile("\\d+");
    private static final Pattern TOKEN = Pattern.compile("\\S+");

    /** The columns a header line names, if the line is one. */
    static Optional<GbakColumns> header(String body) {
        String[] words = body.strip().split("\\s+");
        List<Column> found = new ArrayList<>();
        for (Column column : Column.values()) {
            if (found.size() < words.length && words[found.size()].equals(column.word)) {
                found.add(column);
            }
        }
        return found.isEmpty() || found.size() != words.length
                ? Optional.empty()
                : Optional.of(new GbakColumns(found));
    }

    /** The columns of the {@code columns=} option, letters as for {@code -st}. */
    static GbakColumns letters(String letters) {
        List<Column> found = new ArrayList<>();
        for (Column column : Column.values()) {
            if (letters.indexOf(column.letter) >= 0) {
                found.add(column);
            }
        }
        if (found.isEmpty() || letters.chars().anyMatch(c -> "tdrw".indexOf(c) < 0)) {
            throw new IllegalArgumentException(
                    "columns= takes the -st letters t, d, r, w; got '" + letters + "'");
        }
        return new GbakColumns(found);
    }

    /**
     * The columns of a log without its header line (an excerpt): leading tokens with a decimal
     * point are time (then delta), the whole numbers after them reads (then writes).
     */
    static Optional<GbakColumns> guess(String body) {
        String[] tokens = body.strip().split("\\s+");
        int seconds = 0;
        while (seconds < Math.min(2, tokens.length) && SECONDS.matcher(tokens[seconds]).matches()) {
            seconds++;
        }
        if (seconds == 0) {
            return Optional.empty();
        }
        int counts = 0;
        while (counts < 2
                && seconds + counts < tokens.length
                && COUNT.matcher(tokens[seconds + counts]).matches()) {
            counts++;
        }
        List<Column> all = List.of(Column.values());
        List<Column> found = new ArrayList<>(all.subList(0, seconds));
        found.addAll(all.subList(2, 2 + counts));
        return Optional.of(new GbakColumns(found));
    }

    /**
     * Splits a line's body into statistics and message. Empty when only some leading tokens are
     * numbers: the line is then malformed.
     */
    Optional<Split> split(String body) {
        var tokens = TOKEN.matcher(body);
        Long[] values = new Long[Column.values().length];
        boolean wrapped = false;
        int end = 0;
        int read = 0;
        for (Column column : columns) {
            if (!tokens.find()
                    || !(column.seconds() ? SECONDS : COUNT).matcher(tokens.group()).matches()) {
                break;
            }
            Long value = column.seconds() ? nanos(tokens.group()) : counter(tokens.group());
            if (value == null) {
                return Optional.empty();
            }
            wrapped |= !column.seconds() && value < 0;
            values[column.ordinal()] = value;
            end = tokens.end();
            read++;
        }
        if (read == 0) {
            return Optional.of(new Split(null, body.strip()));
        }
        if (read < columns.size()) {
            return Optional.empty();
        }
        Stats stats = new Stats(values[0], values[1], values[2], values[3], wrapped);
        return Optional.of(new Split(stats, body.substring(end).strip()));
    }

    /** "time delta reads writes", for messages. */
    String names() {
        return String.join(" ", columns.stream().map(c -> c.word).toList());
    }

    private static Long nanos(String seconds) {
        try {
            return new BigDecimal(seconds).movePointRight(9).longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /**
     * gbak prints a counter that went down as an unsigned 64-bit number (18446744073709551615 for
     * −1); read as two's complement it is the negative delta again, and the sums come out right.
     */
    private static Long counter(String digits) {
        try {
            return Long.parseUnsignedLong(digits);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
