package storagebench.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import storagebench.compare.ChangePoint;
import storagebench.compare.Trend;
import storagebench.events.Regression;

/**
 * Whether a rerun confirms the regressions a run's check found ({@code confirm: rerun}): with the
 * rerun in the series, a change point must still be there, worse, at most one run from where the check
 * found it (which was within the last {@link RegressionCheck#RECENT} runs then: the rerun adds one
 * after it). A regression of the window method is confirmed when the rerun is a regression too.
 */
final class Confirmation {
    private Confirmation() {}

    /**
     * @param found the regressions the check found, not raised yet
     * @param withRerun the schedule's series with the rerun as their latest run
     * @return each of {@code found}, confirmed or not by {@code rerunId}
     */
    static List<Regression> of(List<Regression> found, List<Trend> withRerun, String rerunId) {
        List<Regression> judged = new ArrayList<>();
        for (Regression r : found) {
            Optional<Trend> trend = withRerun.stream().filter(t -> sameSeries(r, t)).findFirst();
            boolean confirmed = trend.isPresent() && confirms(r, trend.get(), rerunId);
            judged.add(
                    judged(
                            r,
                            confirmed,
                            rerunId,
                            confirmed
                                    ? "confirmed by rerun " + rerunId
                                    : "not confirmed by rerun " + rerunId + " (noise?)"));
        }
        return List.copyOf(judged);
    }

    /** {@code found}, none confirmed: the rerun did not complete or could not be checked. */
    static List<Regression> unconfirmed(List<Regression> found, String rerunId, String why) {
        return found.stream().map(r -> judged(r, false, rerunId, "not confirmed: " + why)).toList();
    }

    static boolean confirms(Regression r, Trend t, String rerunId) {
        List<Trend.RunMean> runs = t.runs();
        if (runs.isEmpty() || !runs.get(runs.size() - 1).runId().equals(rerunId)) {
            return false;
        }
        if (!RegressionCheck.CHANGEPOINT.equals(r.getMethod())) {
            return t.regression();
        }
        int was = indexOf(t, r.getChangePointRunId());
        for (ChangePoint cp : t.changePoints()) {
            if (cp.worse() && was >= 0 && Math.abs(cp.index() - was) <= 1) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(Trend t, String runId) {
        for (int i = 0; i < t.runs().size(); i++) {
            if (t.runs().get(i).runId().equals(runId)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean sameSeries(Regression r, Trend t) {
        return r.getHost().equals(t.host())
                && r.getStep().equals(t.step())
                && r.getVariant().equals(t.variant())
                && r.getMetric().equals(t.metric());
    }

    private static Regression judged(Regression r, boolean confirmed, String rerunId, String how) {
        return Regression.newBuilder(r)
                .setConfirmed(confirmed)
                .setRerunId(rerunId)
                .setVerdict(r.getVerdict() + "; " + how)
                .build();
    }
}
