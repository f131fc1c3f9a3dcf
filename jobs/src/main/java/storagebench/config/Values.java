package storagebench.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Typed readers for scalar config values; each failure names the node's file, line and key. */
public final class Values {
    private static final Pattern SIZE =
            Pattern.compile(
                    "(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*(b|k|kb|kib|m|mb|mib|g|gb|gib|t|tb|tib)?\\s*");

    private Values() {}

    public static final Function<ConfigNode, String> TEXT = ConfigNode::text;

    /** An experiment's name, as {@link #experimentNameProblem} allows. */
    public static final Function<ConfigNode, String> NAME_TEXT =
            node -> {
                String text = node.text();
                String problem = experimentNameProblem(text);
                if (problem != null) {
                    throw node.error(problem);
                }
                return text;
            };

    /**
     * Why {@code name} cannot name an experiment, or null: 1 to 100 characters, none of them invisible
     * (control, format, separator other than the space, unassigned, private use, a lone surrogate), no
     * space at either end. The same for {@code run} and {@code import}; the dataset's folders escape what
     * file systems and engines need escaped.
     */
    public static String experimentNameProblem(String name) {
        if (name == null || name.isEmpty() || name.codePointCount(0, name.length()) > 100) {
            return "'"
                    + (name == null ? "" : name)
                    + "' is not a valid experiment name: 1 to 100 characters";
        }
        if (!name.strip().equals(name)) {
            return "'" + name + "' is not a valid experiment name: it starts or ends with a space";
        }
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            int type = Character.getType(c);
            boolean invisible =
                    type == Character.CONTROL
                            || type == Character.FORMAT
                            || type == Character.UNASSIGNED
                            || type == Character.PRIVATE_USE
                            || type == Character.SURROGATE
                            || type == Character.LINE_SEPARATOR
                            || type == Character.PARAGRAPH_SEPARATOR
                            || (type == Character.SPACE_SEPARATOR && c != ' ');
            if (invisible) {
                return "the experiment name holds an invisible character U+"
                        + String.format("%04X", c)
                        + " at "
                        + (name.codePointCount(0, i) + 1)
                        + "; letters, digits, punctuation and spaces are allowed";
            }
            i += Character.charCount(c);
        }
        return null;
    }

    public static Function<ConfigNode, Integer> intAtLeast(int min) {
        return node -> {
            int value = parseInt(node.text(), node);
            if (value < min) {
                throw node.error("must be at least " + min + ", got " + value);
            }
            return value;
        };
    }

    /**
     * A whole number from {@code min} to {@code max}; a larger one, also one beyond an int, is refused
     * with the limit and {@code why} it is the limit.
     */
    public static Function<ConfigNode, Integer> intBetween(int min, int max, String why) {
        return node -> {
            String text = node.text().strip();
            if (!text.matches("[+-]?\\d+")) {
                throw node.error("expected a whole number, got '" + node.text() + "'");
            }
            BigInteger value = new BigInteger(text);
            if (value.compareTo(BigInteger.valueOf(min)) < 0) {
                throw node.error("must be at least " + min + ", got " + text);
            }
            if (value.compareTo(BigInteger.valueOf(max)) > 0) {
                throw node.error("must be at most " + max + " (" + why + "), got " + text);
            }
            return value.intValue();
        };
    }

    public static final Function<ConfigNode, Long> LONG =
            node -> {
                try {
                    return Long.parseLong(node.text().strip());
                } catch (NumberFormatException e) {
                    throw node.error("expected a whole number, got '" + node.text() + "'");
                }
            };

    private static final Pattern DURATION_TEXT =
            Pattern.compile("(?i)\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)\\s*");

    /** A duration such as {@code 500ms}, {@code 90s}, {@code 10m} or {@code 2h}. */
    public static final Function<ConfigNode, Duration> DURATION =
            node -> {
                Duration d = parseDuration(node.text());
                if (d == null || d.isZero()) {
                    throw node.error(
                            "expected a duration such as 500ms, 90s, 10m or 2h, got '"
                                    + node.text()
                                    + "'");
                }
                return d;
            };

    /** Parses {@code 500ms}, {@code 90s}, {@code 10m}, {@code 2h}; null when it is not a duration. */
    public static Duration parseDuration(String text) {
        Matcher m = DURATION_TEXT.matcher(text);
        if (!m.matches()) {
            return null;
        }
        double amount = Double.parseDouble(m.group(1));
        double millis =
                switch (m.group(2).toLowerCase(Locale.ROOT)) {
                    case "ms" -> amount;
                    case "s" -> amount * 1e3;
                    case "m" -> amount * 60e3;
                    default -> amount * 3600e3;
                };
        return Duration.ofNanos((long) (millis * 1e6));
    }

    public static final Function<ConfigNode, Boolean> BOOLEAN =
            node -> parseBoolean(node.text(), node);

    public static Function<ConfigNode, String> oneOf(List<String> choices) {
        return node -> {
            String text = node.text().strip();
            if (!choices.contains(text)) {
                throw node.error(
                        "expected one of " + String.join(", ", choices) + ", got '" + text + "'");
            }
            return text;
        };
    }

    public static int parseInt(String text, ConfigNode node) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw node.error("expected a whole number, got '" + text + "'");
        }
    }

    public static boolean parseBoolean(String text, ConfigNode node) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on" -> true;
            case "false", "no", "off" -> false;
            default -> throw node.error("expected true or false, got '" + text + "'");
        };
    }

    /** What {@link #parseSize} returns for a size above {@link Long#MAX_VALUE} bytes. */
    public static final long TOO_LARGE = -2;

    /**
     * Parses a size such as {@code 8MB}, {@code 256 MiB}, {@code 1GB} or {@code 4096}. KB, MB, GB are
     * binary multiples, as database file sizes are (SQL Server's 8 MB is 8 × 1,024 × 1,024 bytes).
     * Exact (no floating point): a fraction of a byte is dropped.
     *
     * @return bytes, -1 when the text is not a size, {@link #TOO_LARGE} when it is more than a long holds
     */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            return -1;
        }
        String unit = m.group(2) == null ? "b" : m.group(2).toLowerCase(Locale.ROOT);
        long factor =
                switch (unit.charAt(0)) {
                    case 'k' -> 1L << 10;
                    case 'm' -> 1L << 20;
                    case 'g' -> 1L << 30;
                    case 't' -> 1L << 40;
                    default -> 1L;
                };
        BigInteger bytes =
                new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(factor)).toBigInteger();
        return bytes.bitLength() > 63 ? TOO_LARGE : bytes.longValueExact();
    }

    /** A size in bytes as people write it: 8 MiB, 1.5 GiB. */
    public static String formatSize(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return (value == Math.rint(value)
                        ? String.valueOf((long) value)
                        : String.format(Locale.ROOT, "%.1f", value))
                + " "
                + units[unit];
    }
}
