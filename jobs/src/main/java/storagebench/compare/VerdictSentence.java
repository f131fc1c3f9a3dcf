package storagebench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import storagebench.report.SharedFactors;

/**
 * A comparison as one sentence that names both sides by what tells them apart, e.g. {@code
 * init=instant is faster than init=zero by ×229 [×119, ×439], p < 0.001, at file-size=256MB}; where
 * no difference is found, {@code init=instant against init=zero, at …: no difference detected (…)}.
 */
public final class VerdictSentence {
    private VerdictSentence() {}

    public static String of(Comparison c) {
        return of(c, Set.of());
    }

    /**
     * As {@link #of(Comparison)}, leaving out of the held-fixed factors those {@code said} names (the
     * page says once the factors every variant shares).
     */
    public static String of(Comparison c, Set<String> said) {
        String held = fixed(c, said);
        String at =
                (held.isEmpty() ? "" : ", at " + held)
                        + (c.configuration().isEmpty()
                                ? ""
                                : " (configuration " + c.configuration() + ")");
        return of(distinct(c.variant(), c.fixed()), distinct(c.baseline(), c.fixed()), at, c);
    }

    /**
     * A comparison of hosts ({@code compare --by host}) as one sentence naming the two hosts, e.g.
     * {@code server is slower than workstation by ×1.85 [×1.79, ×1.91], p < 0.001, at ifi=off}.
     */
    public static String ofHosts(Comparison c) {
        String at =
                ", at "
                        + c.variant()
                        + (c.configuration().isEmpty()
                                ? ""
                                : " (configuration " + c.configuration() + ")");
        return of(c.host(), c.baseline(), at, c);
    }

    private static String of(String variant, String baseline, String at, Comparison c) {
        String verdict = c.verdict() == null ? "" : c.verdict();
        int by = verdict.indexOf(" by ×");
        boolean found =
                by > 0 && !verdict.startsWith("n/a") && !verdict.startsWith("no difference");
        if (!found) {
            return variant + " against " + baseline + at + ": " + verdict;
        }
        String words = verdict.substring(0, by);
        String verb = words.startsWith("faster") || words.startsWith("slower") ? " is " : " has ";
        return variant + verb + words + " than " + baseline + verdict.substring(by) + at;
    }

    /** The label's factors that the held-fixed ones do not name, or the whole label. */
    public static String distinct(String label, Map<String, String> fixed) {
        List<String> kept = new ArrayList<>();
        for (String part : label.split(", ")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                return label;
            }
            if (!part.substring(eq + 1).equals(fixed.get(part.substring(0, eq)))) {
                kept.add(part);
            }
        }
        return kept.isEmpty() ? label : String.join(", ", kept);
    }

    /**
     * The held-fixed factors but those {@code said} names, as {@code name=value, …}, in the order the
     * variant's label names them.
     */
    public static String fixed(Comparison c, Set<String> said) {
        List<String> parts = new ArrayList<>();
        SharedFactors.inOrderOf(c.variant(), c.fixed())
                .forEach(
                        (k, v) -> {
                            if (!said.contains(k)) {
                                parts.add(k + "=" + v);
                            }
                        });
        return String.join(", ", parts);
    }
}
