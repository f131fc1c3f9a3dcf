package storagebench.logformat.gbak;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a gbak message means for the steps. gbak prints a message when something starts; a few
 * messages start a step (see {@link GbakParser} for the names), errors belong to the step that is
 * running, everything else is detail of the running step.
 *
 * @param kind what the message is
 * @param text the step name (STEP), the error text (ERROR, RUN_ERROR), else the message
 * @param operation "backup" or "restore" when the message tells, else null
 */
record GbakMessage(Kind kind, String text, String operation) {

    enum Kind {
        STEP,
        TOTAL,
        ERROR,
        FATAL,
        RUN_ERROR,
        DETAIL
    }

    static final String FINISH = "finish";
    private static final String BACKUP = "backup";
    private static final String RESTORE = "restore";

    private static final Pattern INDEX =
            Pattern.compile("activating and creating deferred index\\s+(.+)");
    private static final Pattern TABLE =
            Pattern.compile("(writing|restoring) data for table\\s+(.+)");
    private static final Pattern ITEM =
            Pattern.compile("(writing|restoring)\\s+(.+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern ERROR = Pattern.compile("ERROR:\\s*(.*)");

    private record Opening(String prefix, String step, String operation) {}

    /** Messages that start a step by their first words. */
    private static final List<Opening> OPENINGS =
            List.of(
                    new Opening("readied database", "open", BACKUP),
                    new Opening("opened file", "open", RESTORE),
                    new Opening("starting transaction", "metadata", BACKUP),
                    new Opening("started transaction", "metadata", RESTORE),
                    new Opening("creating indexes", "create indexes", RESTORE));

    /** The end of a run, restore's and backup's, from its first line on: one step. */
    private static final List<String> FINISHES =
            List.of(
                    "fixing views dbkey length",
                    "updating ownership",
                    "adding missing privileges",
                    "adjusting system generators",
                    "finishing, closing, and going home",
                    "closing file, committing, and finishing");

    /**
     * Metadata gbak writes or restores after the tables' data (triggers, privileges, constraints,
     * …): the step "metadata after data". The longer names come first.
     */
    private static final List<String> AFTER_DATA =
            List.of(
                    "trigger",
                    "user privilege",
                    "privilege",
                    "security class",
                    "table constraint",
                    "referential constraint",
                    "check constraint",
                    "constraint",
                    "sql role",
                    "role",
                    "names mapping",
                    "mapping");

    /** Metadata before the data (domains, tables, generators, procedures, …): the step "metadata". */
    private static final List<String> BEFORE_DATA =
            List.of(
                    "domain",
                    "shadow file",
                    "file",
                    "table",
                    "column",
                    "function",
                    "argument",
                    "type",
                    "filter",
                    "id generator",
                    "generator",
                    "stored procedure",
                    "procedure",
                    "parameter",
                    "exception",
                    "character set",
                    "collation",
                    "package",
                    "view");

    static GbakMessage classify(String message) {
        Matcher m = ERROR.matcher(message);
        if (m.lookingAt()) {
            return new GbakMessage(Kind.ERROR, m.group(1).strip(), null);
        }
        if (message.startsWith("cannot commit index")) {
            return new GbakMessage(Kind.ERROR, message, RESTORE);
        }
        if (message.startsWith("Exiting before completion")) {
            return new GbakMessage(Kind.FATAL, message, null);
        }
        if (message.startsWith("Database is not online")) {
            return new GbakMessage(Kind.RUN_ERROR, message, RESTORE);
        }
        if (message.equals("total statistics")) {
            return new GbakMessage(Kind.TOTAL, message, null);
        }
        if ((m = INDEX.matcher(message)).matches()) {
            return step("index " + m.group(1).strip(), RESTORE);
        }
        if ((m = TABLE.matcher(message)).matches()) {
            return step("table " + m.group(2).strip(), operation(m.group(1)));
        }
        for (Opening opening : OPENINGS) {
            if (message.startsWith(opening.prefix())) {
                return step(opening.step(), opening.operation());
            }
        }
        if (FINISHES.stream().anyMatch(message::startsWith)) {
            return step(FINISH, null);
        }
        if ((m = ITEM.matcher(message)).matches()) {
            return item(m.group(1), m.group(2).toLowerCase(Locale.ROOT));
        }
        return new GbakMessage(Kind.DETAIL, message, null);
    }

    /** "writing domains", "restoring privilege for user X": a metadata step; "restoring index X": detail. */
    private static GbakMessage item(String verb, String what) {
        if (startsWithWord(what, AFTER_DATA)) {
            return step("metadata after data", operation(verb));
        }
        if (startsWithWord(what, BEFORE_DATA)) {
            return step("metadata", operation(verb));
        }
        return new GbakMessage(Kind.DETAIL, verb + " " + what, operation(verb));
    }

    /** The list's first name that {@code what} starts with, as a word, optionally plural. */
    private static boolean startsWithWord(String what, List<String> names) {
        for (String name : names) {
            if (what.startsWith(name)) {
                String rest = what.substring(name.length());
                if (rest.isEmpty() || rest.matches("(s|es)?([\\s:].*)?")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static GbakMessage step(String name, String operation) {
        return new GbakMessage(Kind.STEP, name, operation);
    }

    private static String operation(String verb) {
        return verb.equalsIgnoreCase("writing") ? BACKUP : RESTORE;
    }
}
