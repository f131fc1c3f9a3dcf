package storagebench.compare;

import java.util.List;

/** A series judged: the fields of {@link Trend} that its method decides. */
record TrendJudgement(
        int window,
        String test,
        Double p,
        boolean regression,
        String verdict,
        List<ChangePoint> changePoints) {
    /** Nothing to judge yet. */
    static TrendJudgement none(int window, String verdict) {
        return new TrendJudgement(window, null, null, false, verdict, List.of());
    }
}
