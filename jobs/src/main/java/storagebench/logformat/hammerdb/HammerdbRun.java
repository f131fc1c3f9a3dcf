package storagebench.logformat.hammerdb;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import storagebench.logformat.LineReader;
import storagebench.logformat.LineRecords;
import storagebench.logformat.Parsed;

/**
 * A HammerDB log read line by line: its virtual-user tests, each a {@code run} step when it ends, and
 * its time profile reports, whose summaries become the sub-steps of the test they belong to (the k-th
 * report to the k-th test, when their virtual users agree) or of a trial of their own.
 */
final class HammerdbRun {
    private static final Pattern PROMPT = Pattern.compile("^(?:hammerdb>\\s*)+");
    private static final Pattern VUSER = Pattern.compile("Vuser (\\d{1,9}):(.*)");
    private static final Pattern CREATED =
            Pattern.compile("(\\d{1,9}) Virtual Users Created( with Monitor VU)?");
    private static final Pattern RAMPUP =
            Pattern.compile("Beginning rampup time of (\\d{1,9}(?:\\.\\d+)?) minutes?");
    private static final Pattern RAMPUP_DONE =
            Pattern.compile("Rampup (\\d{1,9}) minutes? complete.*");
    private static final Pattern TIMING =
            Pattern.compile("Timing test period of (\\d{1,9}(?:\\.\\d+)?) in minutes");
    private static final Pattern ACTIVE =
            Pattern.compile("(\\d{1,9}) Active Virtual Users configured");
    private static final Pattern NOPM_FIRST =
            Pattern.compile(
                    "TEST RESULT\\s*:\\s*System achieved (\\d{1,15}) NOPM from (\\d{1,15}) (.+?) TPM");
    private static final Pattern TPM_FIRST =
            Pattern.compile(
                    "TEST RESULT\\s*:\\s*System achieved (\\d{1,15}) (.+?) TPM at (\\d{1,15}) NOPM");
    private static final Pattern FINISHED = Pattern.compile("FINISHED (SUCCESS|FAILED)");
    private static final Pattern ERROR = Pattern.compile("Error in Virtual User \\d{1,9}: .*");
    private static final Pattern CLIENT_TPM =
            Pattern.compile("(?:WARNING )?CLIENT (?:SIDE )?TPM(?: INCOMPLETE)? : (.*)");
    private static final Pattern NAME_COUNT = Pattern.compile("([a-z]+) (\\d{1,15})");
    private static final Pattern PROCESSING =
            Pattern.compile("Processing \\d+ transactions with output suppressed.*");

    private record Closed(
            String trial, Map<String, String> factors, Integer virtualUsers, Instant start) {}

    private final String trial;
    private final ZoneId zone;

    /** When the next test began: its log's header, or the end of the test before it; or null. */
    private Instant nextBegins;

    private final List<Closed> closed = new ArrayList<>();
    private HammerdbTest current;
    private TimeProfileReport report;
    private int reports;
    private String lastDatabase;
    private long records;

    /**
     * @param trial the trial key
     * @param zone the zone the log's times were written in, or null to read their abbreviations
     */
    HammerdbRun(String trial, ZoneId zone) {
        this.trial = trial;
        this.zone = zone;
    }

    /** The records a line completes; lines that are too long never come here. */
    List<Parsed> accept(LineReader.Line line) {
        String text = PROMPT.matcher(line.text().strip()).replaceFirst("").strip();
        List<Parsed> out = new ArrayList<>(2);
        if (!text.isEmpty()) {
            var profile = TimeProfileLine.of(text);
            if (profile.isPresent()) {
                profile(profile.get(), line.number(), text, out);
            } else {
                Matcher vuser = VUSER.matcher(text);
                if (vuser.matches()) {
                    String message = vuser.group(2).strip();
                    if (PROCESSING.matcher(message).matches()) {
                        test(line, out).processing(Integer.parseInt(vuser.group(1)));
                    } else {
                        test(message, line, out);
                    }
                } else {
                    test(text, line, out);
                }
            }
        }
        records += out.size();
        return out;
    }

    /** At the end of the log: the test and the report still open; nothing read at all is one Malformed. */
    List<Parsed> finish() {
        List<Parsed> out = new ArrayList<>(2);
        close("log ends before the TEST RESULT: the test did not finish", out);
        endReport(out);
        if (records + out.size() == 0) {
            out.add(
                    new Parsed.Malformed(
                            1,
                            "no HammerDB test in the file: no TEST RESULT, Active Virtual Users or"
                                    + " time profile line",
                            ""));
        }
        return out;
    }

    private void profile(TimeProfileLine line, long number, String text, List<Parsed> out) {
        close("the log goes on with a time profile before the TEST RESULT", out);
        if (line.kind() == TimeProfileLine.Kind.HEADER) {
            endReport(out);
        }
        if (report == null) {
            boolean header = line.kind() == TimeProfileLine.Kind.HEADER;
            report =
                    new TimeProfileReport(
                            number,
                            header && !line.name().isEmpty() ? line.name() : null,
                            header ? written(text, number, out) : null);
            reports++;
        }
        out.addAll(report.accept(line, number, LineRecords.shown(text), this::owner));
    }

    /** When a report's header says it was written; null, with the header quarantined, when it does not read. */
    private Instant written(String header, long number, List<Parsed> out) {
        try {
            return LogTime.of(header, zone);
        } catch (DateTimeException e) {
            out.add(new Parsed.Malformed(number, e.getMessage(), LineRecords.shown(header)));
            return null;
        }
    }

    private void endReport(List<Parsed> out) {
        if (report != null) {
            out.addAll(report.finish());
            report = null;
        }
    }

    /** The test a report belongs to: the test of the same position, when their virtual users agree. */
    private TimeProfileReport.Owner owner(TimeProfileReport of, int virtualUsers) {
        if (reports <= closed.size()) {
            Closed test = closed.get(reports - 1);
            if (test.virtualUsers() == null || test.virtualUsers() == virtualUsers) {
                return new TimeProfileReport.Owner(test.trial(), test.factors(), test.start());
            }
        }
        Map<String, String> factors = new LinkedHashMap<>();
        factors.put("virtual-users", String.valueOf(virtualUsers));
        if (of.database != null) {
            factors.put("database", of.database);
        }
        return new TimeProfileReport.Owner(
                trial + "/profile-" + reports, Collections.unmodifiableMap(factors), of.written);
    }

    private void test(String message, LineReader.Line line, List<Parsed> out) {
        Matcher m;
        if (message.startsWith(LogTime.HEADER)) {
            endReport(out);
            close("the log starts over before the TEST RESULT", out);
            try {
                nextBegins = LogTime.of(message, zone);
            } catch (DateTimeException e) {
                nextBegins = null;
                out.add(malformed(line, e.getMessage()));
            }
        } else if ((m = CREATED.matcher(message)).matches()) {
            endReport(out);
            close("the next test's virtual users were created before the TEST RESULT", out);
            HammerdbTest test = test(line, out);
            test.created = Integer.parseInt(m.group(1));
            test.monitor = m.group(2) != null;
        } else if ((m = RAMPUP.matcher(message)).matches()) {
            next(line, out).rampupMin = Double.parseDouble(m.group(1));
        } else if ((m = RAMPUP_DONE.matcher(message)).matches()) {
            HammerdbTest test = test(line, out);
            double minutes = Double.parseDouble(m.group(1));
            test.rampupDoneMin =
                    test.rampupDoneMin == null ? minutes : Math.max(minutes, test.rampupDoneMin);
        } else if ((m = TIMING.matcher(message)).matches()) {
            next(line, out).durationMin = Double.parseDouble(m.group(1));
        } else if ((m = ACTIVE.matcher(message)).matches()) {
            next(line, out).active = Integer.parseInt(m.group(1));
        } else if (message.contains("Active Virtual Users configured")) {
            out.add(malformed(line, "expected 'N Active Virtual Users configured'"));
        } else if (message.contains("TEST RESULT")) {
            result(message, line, out);
        } else if ((m = FINISHED.matcher(message)).matches()) {
            boolean failed = m.group(1).equals("FAILED");
            if (failed) {
                test(line, out).finishedFailed++;
            } else if (current != null) {
                current.finishedOk++;
            }
        } else if (ERROR.matcher(message).matches()) {
            test(line, out).error(message);
        } else if (message.equals("ALL VIRTUAL USERS COMPLETE")) {
            close(null, out);
        } else if ((m = CLIENT_TPM.matcher(message)).matches()) {
            HammerdbTest test = test(line, out);
            Matcher pair = NAME_COUNT.matcher(m.group(1));
            while (pair.find()) {
                test.clientTpm.put(pair.group(1), Double.parseDouble(pair.group(2)));
            }
        }
    }

    private void result(String message, LineReader.Line line, List<Parsed> out) {
        Matcher nopmFirst = NOPM_FIRST.matcher(message);
        Matcher tpmFirst = TPM_FIRST.matcher(message);
        boolean nopm = nopmFirst.matches();
        if (!nopm && !tpmFirst.matches()) {
            out.add(
                    malformed(
                            line,
                            "a TEST RESULT line HammerDB does not print: expected 'System achieved"
                                    + " N NOPM from N <database> TPM' or 'System achieved N"
                                    + " <database> TPM at N NOPM'"));
            return;
        }
        HammerdbTest test = next(line, out);
        test.nopm = Double.parseDouble(nopm ? nopmFirst.group(1) : tpmFirst.group(3));
        test.tpm = Double.parseDouble(nopm ? nopmFirst.group(2) : tpmFirst.group(1));
        test.database = (nopm ? nopmFirst.group(3) : tpmFirst.group(2)).strip();
        test.resultLine = line.number();
    }

    /** The open test; a new one when none is open. */
    private HammerdbTest test(LineReader.Line line, List<Parsed> out) {
        endReport(out);
        if (current == null) {
            current =
                    new HammerdbTest(trial + "/" + (closed.size() + 1), line.number(), nextBegins);
            nextBegins = null;
        }
        return current;
    }

    /** The test a line describing a test belongs to: after a TEST RESULT, the next one. */
    private HammerdbTest next(LineReader.Line line, List<Parsed> out) {
        if (current != null && current.hasResult()) {
            close(null, out);
        }
        return test(line, out);
    }

    /**
     * Ends the open test, if any, and emits its run step.
     *
     * @param cut why the test is cut when it has no TEST RESULT, or null when it ended as HammerDB ends
     *     a test
     */
    private void close(String cut, List<Parsed> out) {
        if (current == null) {
            return;
        }
        HammerdbTest test = current;
        current = null;
        Map<String, String> factors = test.factors(lastDatabase);
        Parsed.Step step = test.step(factors, cut);
        out.add(step);
        if (test.database != null) {
            lastDatabase = test.database;
        }
        closed.add(new Closed(test.trial, factors, test.virtualUsers(), step.start()));
        nextBegins = step.start() == null ? null : step.start().plusNanos(step.durationNs());
    }

    private static Parsed.Malformed malformed(LineReader.Line line, String reason) {
        return new Parsed.Malformed(line.number(), reason, LineRecords.shown(line.text()));
    }
}
