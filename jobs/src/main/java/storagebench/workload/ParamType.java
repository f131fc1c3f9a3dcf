package storagebench.workload;

import java.time.Duration;
import java.util.Locale;
import storagebench.config.Values;

/** The types a workload parameter can have; each parses the text written in YAML or a factor list. */
public enum ParamType {
    INT {
        @Override
        Object parse(String text) {
            long value = Long.parseLong(text.strip());
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(
                        "must be a whole number from "
                                + Integer.MIN_VALUE
                                + " to "
                                + Integer.MAX_VALUE);
            }
            return (int) value;
        }
    },
    SIZE {
        @Override
        Object parse(String text) {
            long bytes = Values.parseSize(text);
            if (bytes == Values.TOO_LARGE) {
                throw new IllegalArgumentException(
                        "a size is at most 8 EiB (" + Long.MAX_VALUE + " bytes)");
            }
            if (bytes < 0) {
                throw new IllegalArgumentException("expected a size such as 8MB, 256MiB or 1GB");
            }
            return bytes;
        }
    },
    BOOLEAN {
        @Override
        Object parse(String text) {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "true", "yes", "on" -> true;
                case "false", "no", "off" -> false;
                default -> throw new IllegalArgumentException("expected true or false");
            };
        }
    },
    /** A duration such as 500ms, 90s, 10m or 2h; 0s is allowed (a workload may read it as "no limit"). */
    DURATION {
        @Override
        Object parse(String text) {
            Duration duration = Values.parseDuration(text);
            if (duration == null) {
                throw new IllegalArgumentException(
                        "expected a duration such as 500ms, 90s, 10m or 2h");
            }
            return duration;
        }
    },
    TEXT {
        @Override
        Object parse(String text) {
            return text;
        }
    },
    /**
     * A few named settings, {@code name=value;name=value}: in a config also a mapping ({@code
     * {metric: iops, window: 10s}}), read into that form; the workload checks the names and values.
     */
    SETTINGS {
        @Override
        Object parse(String text) {
            return text.strip();
        }
    };

    /** Parses the text, or throws IllegalArgumentException (or NumberFormatException) with the reason. */
    abstract Object parse(String text);
}
