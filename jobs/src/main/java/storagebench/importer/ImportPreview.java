package storagebench.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * What the import of one file would give, read as the import reads it (the same parser, ledger and
 * identities) and published nowhere: for {@code import --dry-run}, to see a log's trials, variants and
 * times before they are on the topic for good.
 *
 * @param file the file's name
 * @param runId the run it would be
 * @param experiment its experiment
 * @param host its host: {@code --host}, else the one the log names, else {@code imported}
 * @param started when the run would start: the log's first time, or null for the import's
 * @param records records read
 * @param trials trials with a step
 * @param failures trials with a failed step
 * @param quarantined records that would be quarantined
 * @param firstQuarantined the first of them, {@code line N: reason}, or null
 * @param variants the trials' variants, in order of appearance
 * @param steps the steps, in order of appearance
 */
public record ImportPreview(
        String file,
        String runId,
        String experiment,
        String host,
        Instant started,
        long records,
        int trials,
        int failures,
        long quarantined,
        String firstQuarantined,
        Set<String> variants,
        Set<String> steps) {
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    /** The run {@code source} would be: files of the same content, format and options are one. */
    public static String runId(ImportRequest request, SourceFile source) {
        return ImportIdentity.of(source.sha256(), request.parser().name(), request.options())
                .runId();
    }

    /** Reads {@code source} as {@code request} would import it. */
    public static ImportPreview of(ImportRequest request, SourceFile source) throws IOException {
        Instant started = LogStart.of(request, source).orElse(null);
        List<Parsed.Malformed> quarantined = new ArrayList<>(1);
        TrialLedger ledger =
                new TrialLedger(
                        started != null ? started : Instant.EPOCH,
                        request.factors(),
                        m -> {
                            if (quarantined.isEmpty()) {
                                quarantined.add(m);
                            }
                        });
        Set<String> variants = new LinkedHashSet<>();
        Set<String> steps = new LinkedHashSet<>();
        try (Stream<Parsed> records = request.parser().records(source.path(), request.options())) {
            Iterator<Parsed> it = records.iterator();
            while (it.hasNext()) {
                Parsed record = it.next();
                TrialLedger.Placement placement = ledger.place(record);
                if (placement != null) {
                    variants.add(placement.variant());
                }
                if (record instanceof Parsed.Step step) {
                    steps.add(step.step());
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        TrialLedger.Totals totals = ledger.totals();
        return new ImportPreview(
                source.name(),
                runId(request, source),
                request.experimentFor(source),
                request.hostFor(source),
                started,
                totals.records(),
                totals.trials(),
                totals.failures(),
                totals.quarantined(),
                quarantined.isEmpty() ? null : QuarantineFile.shown(quarantined.get(0)),
                variants,
                steps);
    }

    /** What the file would become, for the user: a line, then its variants (one a line) and steps indented. */
    public String text() {
        StringBuilder out = new StringBuilder(line());
        details(out, variants, steps);
        return out.append(quarantineLine()).toString();
    }

    /** Its first line, and the first quarantined record under it: what each of many files shows. */
    public String brief() {
        return line() + quarantineLine();
    }

    /**
     * What several files would become together: totals, when their runs start, their experiments (to see
     * that nightly logs are one), hosts (several with {@code --host-from-log}), variants and steps.
     */
    public static String together(List<ImportPreview> previews) {
        long records = 0;
        long trials = 0;
        long failures = 0;
        long quarantined = 0;
        Instant first = null;
        Instant last = null;
        Set<String> experiments = new LinkedHashSet<>();
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> variants = new LinkedHashSet<>();
        Set<String> steps = new LinkedHashSet<>();
        for (ImportPreview p : previews) {
            experiments.add(p.experiment);
            hosts.add(p.host);
            records += p.records;
            trials += p.trials;
            failures += p.failures;
            quarantined += p.quarantined;
            if (p.started != null) {
                first = first == null || p.started.isBefore(first) ? p.started : first;
                last = last == null || p.started.isAfter(last) ? p.started : last;
            }
            variants.addAll(p.variants);
            steps.addAll(p.steps);
        }
        StringBuilder out =
                new StringBuilder("the ")
                        .append(previews.size())
                        .append(" files together: ")
                        .append(counts(records, trials, failures, quarantined))
                        .append("; their runs start ")
                        .append(
                                first == null
                                        ? "when imported (the logs say no time)"
                                        : "from " + TIME.format(first) + " to " + TIME.format(last))
                        .append('\n');
        listed(out, "experiment", experiments);
        listed(out, "host", hosts);
        details(out, variants, steps);
        return out.toString();
    }

    private String line() {
        return file
                + " would be run "
                + runId
                + " (experiment "
                + experiment
                + ", host "
                + host
                + "): "
                + counts(records, trials, failures, quarantined)
                + "; it starts "
                + (started == null ? "when imported (the log says no time)" : TIME.format(started))
                + "\n";
    }

    private static String counts(long records, long trials, long failures, long quarantined) {
        return records
                + " records, "
                + trials
                + " trial(s), "
                + failures
                + " failed, "
                + quarantined
                + " quarantined";
    }

    private String quarantineLine() {
        return firstQuarantined == null
                ? ""
                : "  first quarantined record: " + firstQuarantined + "\n";
    }

    private static void details(StringBuilder out, Set<String> variants, Set<String> steps) {
        listed(out, "variant", variants);
        out.append("  steps: ").append(String.join(", ", steps)).append('\n');
    }

    /** {@code  variant: v} for one, else {@code  variants (n):} and one a line. */
    private static void listed(StringBuilder out, String what, Set<String> values) {
        if (values.size() == 1) {
            out.append("  ").append(what).append(": ").append(values.iterator().next());
            out.append('\n');
        } else {
            out.append("  ").append(what).append("s (").append(values.size()).append("):\n");
            values.forEach(v -> out.append("    ").append(v).append('\n'));
        }
    }
}
