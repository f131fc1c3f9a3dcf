package storagebench.importer;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The experiment of an imported file given no {@code --experiment}: named for what the file is, not for
 * when it was written, so that a year of nightly logs ({@code nightly-2026-11-01.json},
 * {@code nightly-2026-11-02.json}, …) is one experiment whose runs {@code trend} follows, whether they
 * are imported together or one a night. From the file's name: its extensions (the last dotted parts
 * that are a word of up to ten letters and digits, or a number), dates with their times
 * ({@code 2026-11-30}, {@code 20261130-0415}, {@code 2024-06-04_12-00-01}) and ids of ten or more hex
 * digits (an epoch time, HammerDB's log id) are left out; the format comes first unless the name begins
 * with it. Other numbers stay: {@code fio-4k.json} and {@code fio-8k.json} are different tests.
 */
final class FileExperiment {
    private static final Pattern DATE_TIME =
            Pattern.compile(
                    "(?<![0-9A-Za-z])(?:19|20)\\d{2}([-_.]?)(?:0[1-9]|1[0-2])\\1(?:0[1-9]|[12]\\d|3[01])"
                            + "(?:[T_ -]?\\d{2}([-:.]?)\\d{2}(?:\\2\\d{2})?)?Z?(?![0-9A-Za-z])");
    private static final Pattern ID =
            Pattern.compile("(?<![0-9A-Za-z])(?=[A-Fa-f]*\\d)[0-9A-Fa-f]{10,}(?![0-9A-Za-z])");

    /** A last {@code .json}, {@code .log}, {@code .summary}, {@code .gz}, or a pid's {@code .4711}. */
    private static final Pattern EXTENSION =
            Pattern.compile("\\.(?:[A-Za-z][A-Za-z0-9]{0,9}|\\d+)$");

    private static final Pattern SEPARATORS = Pattern.compile("([-_.])[-_.]+");

    private FileExperiment() {}

    static String of(String format, String fileName) {
        String stem = fileName.replaceFirst("^\\.+", "");
        Matcher extension = EXTENSION.matcher(stem);
        while (extension.find()) {
            stem = stem.substring(0, extension.start());
            extension = EXTENSION.matcher(stem);
        }
        stem = ID.matcher(DATE_TIME.matcher(stem).replaceAll("")).replaceAll("");
        stem = stem.replaceAll("[^A-Za-z0-9._-]", "_");
        stem = SEPARATORS.matcher(stem).replaceAll("$1").replaceAll("^[-_.]+|[-_.]+$", "");
        String lower = stem.toLowerCase(Locale.ROOT);
        String prefix = format.toLowerCase(Locale.ROOT);
        if (stem.isEmpty()) {
            return format;
        }
        if (lower.equals(prefix)
                || lower.startsWith(prefix) && "-_.".indexOf(lower.charAt(prefix.length())) >= 0) {
            return stem;
        }
        return format + "-" + stem;
    }
}
