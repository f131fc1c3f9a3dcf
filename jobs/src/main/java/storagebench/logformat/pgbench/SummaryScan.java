package storagebench.logformat.pgbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import storagebench.logformat.LineReader;

/**
 * The first pass over pgbench's output: finds its runs (a file may hold several, appended by a
 * script) and reads their summaries, which pgbench prints after the progress lines they describe.
 * A run starts at its first progress, version, error or "transaction type:" line after the previous
 * run's summary. Only the summaries are held, never the progress lines.
 */
final class SummaryScan {
    private final List<PgbenchRun> runs = new ArrayList<>();
    private PgbenchRun run;
    private SummaryLines summary;

    private SummaryScan() {}

    static List<PgbenchRun> runs(Path file) throws IOException {
        SummaryScan scan = new SummaryScan();
        try (LineReader reader = LineReader.open(file)) {
            for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                // a cut-off last line is SummaryRecords' to quarantine, not a value to believe
                if (!line.tooLong() && !line.endsMidLine()) {
                    scan.accept(line.number(), line.text());
                }
            }
        }
        return scan.runs;
    }

    private void accept(long number, String line) {
        String text = line.strip();
        if (text.startsWith(ProgressLine.START)) {
            ProgressLine progress = ProgressLine.parse(text);
            if (progress != null) {
                current(number, false).progress(progress.time());
            }
        } else if (text.startsWith("pgbench (") && text.endsWith(")")) {
            version(current(number, true), text.substring("pgbench (".length(), text.length() - 1));
        } else if (text.startsWith("transaction type:")) {
            PgbenchRun started = current(number, false);
            started.summaryLine = number;
            summary = new SummaryLines(started);
            summary.accept(number, line);
        } else if (text.contains("Run was aborted")) {
            if (run != null) {
                run.aborted = true;
            }
        } else if (error(text)) {
            current(number, false).error(text);
        } else if (run != null && run.hasSummary()) {
            summary.accept(number, line);
        }
    }

    /** The run a line belongs to; a new one after a summary, or on a version line when asked. */
    private PgbenchRun current(long number, boolean versionLine) {
        if (run == null
                || run.hasSummary()
                || versionLine && (run.versioned || run.progressLines > 0)) {
            run = new PgbenchRun(number);
            runs.add(run);
        }
        return run;
    }

    /** "15.18 (Debian 15.18-0+deb12u1)", or "16.1, server 15.4" when client and server differ. */
    private static void version(PgbenchRun run, String version) {
        int server = version.indexOf(", server ");
        run.factors.put("pgbench_version", server < 0 ? version : version.substring(0, server));
        if (server >= 0) {
            run.factors.put("server_version", version.substring(server + ", server ".length()));
        }
        run.versioned = true;
    }

    private static boolean error(String text) {
        return text.startsWith("pgbench: error:")
                || text.startsWith("pgbench: fatal:")
                || text.startsWith("client ") && text.contains(" aborted")
                || text.startsWith("connection to database") && text.contains("failed");
    }
}
