package storagebench.logformat.hammerdb;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import storagebench.logformat.Parsed;

/**
 * One virtual-user test while its lines are read: what the monitor virtual user says about it (ramp-up,
 * timed period, active virtual users, the TEST RESULT) and how its virtual users finished. It becomes
 * the {@code run} step of its trial when it ends.
 */
final class HammerdbTest {
    private static final int KEPT_ERRORS = 10;

    final String trial;
    final long firstLine;

    /** When the test began (its log's header, or the end of the test before it), or null. */
    final Instant began;

    Integer created;
    boolean monitor;
    Integer active;
    String database;
    Double nopm;
    Double tpm;
    long resultLine;
    Double rampupMin;
    Double rampupDoneMin;
    Double durationMin;
    int finishedOk;
    int finishedFailed;
    private final Set<Integer> processing = new HashSet<>();
    private final List<String> errors = new ArrayList<>();
    private int moreErrors;
    final Map<String, Double> clientTpm = new TreeMap<>();

    HammerdbTest(String trial, long firstLine, Instant began) {
        this.trial = trial;
        this.firstLine = firstLine;
        this.began = began;
    }

    boolean hasResult() {
        return nopm != null;
    }

    void error(String message) {
        if (errors.size() < KEPT_ERRORS) {
            errors.add(message);
        } else {
            moreErrors++;
        }
    }

    /** A virtual user said it processes transactions: it is one of the test's active ones. */
    void processing(int vuser) {
        processing.add(vuser);
    }

    /**
     * Active virtual users: as the monitor says at the end, else those created less the monitor, else
     * those that said they process transactions (a log cut before the end, without the console's lines).
     */
    Integer virtualUsers() {
        if (active != null) {
            return active;
        }
        if (created != null) {
            return monitor ? created - 1 : created;
        }
        return processing.isEmpty() ? null : processing.size();
    }

    /** The trial's factors: virtual-users and database when known ({@code fallbackDatabase} when the test named none). */
    Map<String, String> factors(String fallbackDatabase) {
        Map<String, String> factors = new LinkedHashMap<>();
        Integer users = virtualUsers();
        if (users != null) {
            factors.put("virtual-users", String.valueOf(users));
        }
        String db = database != null ? database : fallbackDatabase;
        if (db != null) {
            factors.put("database", db);
        }
        return Collections.unmodifiableMap(factors);
    }

    /**
     * The run step: the timed period, which starts when the test began plus its ramp-up.
     *
     * @param ended how the test's lines ended: null when it finished (ALL VIRTUAL USERS COMPLETE, or the
     *     next test began), else why it is cut
     */
    Parsed.Step step(Map<String, String> factors, String ended) {
        Map<String, Double> metrics = new TreeMap<>();
        if (hasResult()) {
            metrics.put("nopm", nopm);
            metrics.put("tpm", tpm);
        } else {
            metrics.put("incomplete", 1.0);
        }
        Double rampup = rampupMin != null ? rampupMin : rampupDoneMin;
        if (rampup != null) {
            metrics.put("rampup_min", rampup);
        }
        if (durationMin != null) {
            metrics.put("duration_min", durationMin);
        }
        if (finishedOk + finishedFailed > 0) {
            metrics.put("failed_vusers", (double) finishedFailed);
        }
        clientTpm.forEach((name, value) -> metrics.put("client_tpm_" + name, value));
        long durationNs = hasResult() && durationMin != null ? Math.round(durationMin * 60e9) : 0;
        return new Parsed.Step(
                trial,
                factors,
                "run",
                began == null || rampup == null
                        ? began
                        : began.plusNanos(Math.round(rampup * 60e9)),
                durationNs,
                why(ended),
                Collections.unmodifiableMap(metrics),
                hasResult() ? resultLine : firstLine);
    }

    private String why(String ended) {
        List<String> why = new ArrayList<>();
        if (!hasResult()) {
            why.add(
                    ended != null && finishedOk + finishedFailed == 0
                            ? ended
                            : "the test ended without a TEST RESULT line (the timed driver prints"
                                    + " one)");
        }
        if (finishedFailed > 0 && errors.isEmpty()) {
            why.add(finishedFailed + " virtual user(s) FINISHED FAILED");
        }
        why.addAll(errors);
        if (moreErrors > 0) {
            why.add("and " + moreErrors + " more");
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }
}
