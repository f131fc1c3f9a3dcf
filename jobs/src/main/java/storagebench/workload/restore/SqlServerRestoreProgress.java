package storagebench.workload.restore;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.TrialTimed;
import storagebench.logformat.Parsed;
import storagebench.workload.process.SubSteps;

/**
 * The informational messages of {@code RESTORE … WITH STATS = n} with the time each arrived:
 * {@code 10 percent processed.} (message 3211) … and the closing {@code RESTORE DATABASE successfully
 * processed 370 pages in 0.035 seconds (82.589 MB/sec).} (3014). Each percent message becomes a sub-step
 * of the restore step, {@code restore.percent-010}, from the message before it (or the step's start) to
 * it, with metrics {@code percent} and {@code elapsed_ms}; the closing one gives the step the server's
 * own figures. Other messages (Processed N pages for database …, file …) are counted only.
 */
final class SqlServerRestoreProgress {
    private static final Pattern PERCENT =
            Pattern.compile("^\\s*(\\d{1,3}) percent processed\\.?\\s*$");
    private static final Pattern DONE =
            Pattern.compile(
                    "successfully processed (\\d+) pages in ([0-9.]+) "
                            + "seconds \\(([0-9.]+) MB/sec\\)");

    /** A message and when storagebench received it. */
    record Message(Instant at, String text) {}

    private final List<Message> messages = new ArrayList<>();

    synchronized void accept(Instant at, String text) {
        if (text != null) {
            messages.add(new Message(at, text.strip()));
        }
    }

    synchronized List<Message> messages() {
        return List.copyOf(messages);
    }

    /** The restore step's metrics: percent_messages, messages, and server_pages/seconds/mb_per_s when reported. */
    Map<String, Double> metrics() {
        Map<String, Double> m = new LinkedHashMap<>();
        long percent = 0;
        for (Message message : messages()) {
            if (PERCENT.matcher(message.text()).matches()) {
                percent++;
            }
            Matcher done = DONE.matcher(message.text());
            if (done.find()) {
                m.put("server_pages", Double.parseDouble(done.group(1)));
                m.put("server_seconds", Double.parseDouble(done.group(2)));
                m.put("server_mb_per_s", Double.parseDouble(done.group(3)));
            }
        }
        m.put("percent_messages", (double) percent);
        m.put("messages", (double) messages().size());
        return m;
    }

    /** The percent messages as sub-steps of {@code measured}, emitted into the trial. */
    void emit(TrialTimed measured, Consumer<SpecificRecord> emit) {
        SubSteps sub = new SubSteps(measured, emit);
        Instant start = measured.getStartTime();
        Instant previous = start;
        for (Message message : messages()) {
            Matcher m = PERCENT.matcher(message.text());
            if (!m.matches()) {
                continue;
            }
            int percent = Integer.parseInt(m.group(1));
            Instant at = message.at().isBefore(previous) ? previous : message.at();
            Map<String, Double> metrics = new LinkedHashMap<>();
            metrics.put("percent", (double) percent);
            metrics.put("elapsed_ms", Duration.between(start, at).toNanos() / 1e6);
            sub.add(
                    new Parsed.Step(
                            measured.getTrialId(),
                            Map.of(),
                            String.format("percent-%03d", percent),
                            previous,
                            Duration.between(previous, at).toNanos(),
                            null,
                            metrics,
                            0));
            previous = at;
        }
    }
}
