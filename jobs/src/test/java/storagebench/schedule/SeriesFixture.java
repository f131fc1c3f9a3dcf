package storagebench.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import storagebench.compare.ChangePoint;
import storagebench.compare.Trend;

/**
 * Trends of one series (host {@code vm}, step {@code create}, variant {@code v}, duration) as the
 * change-point method gives them: runs {@code r0}, {@code r1}, … a day apart, a mean each.
 */
final class SeriesFixture {
    static final Instant T0 = Instant.parse("2026-11-01T02:00:00Z");

    private SeriesFixture() {}

    /** The runs of {@code means}, named r0, r1, …, and {@code extra} after them. */
    static List<Trend.RunMean> runs(double[] means, String... extra) {
        List<Trend.RunMean> runs = new ArrayList<>();
        IntStream.range(0, means.length)
                .forEach(
                        i ->
                                runs.add(
                                        new Trend.RunMean(
                                                i < means.length - extra.length
                                                        ? "r" + i
                                                        : extra[i - (means.length - extra.length)],
                                                T0.plusSeconds(86_400L * i),
                                                5,
                                                means[i],
                                                "")));
        return runs;
    }

    /** A change point at {@code index} of {@code runs}, from {@code before} to {@code after}. */
    static ChangePoint at(List<Trend.RunMean> runs, int index, double before, double after) {
        return new ChangePoint(
                index,
                runs.get(index).runId(),
                runs.get(index).start(),
                before,
                before * 0.98,
                before * 1.02,
                after,
                after * 0.98,
                after * 1.02,
                0.001,
                after > before);
    }

    static Trend trend(
            List<Trend.RunMean> runs, List<ChangePoint> changePoints, boolean regression) {
        return new Trend(
                "nightly-e",
                "vm",
                "create",
                "v",
                "duration",
                List.copyOf(runs),
                0,
                "E-Divisive means",
                changePoints.isEmpty() ? null : changePoints.get(changePoints.size() - 1).p(),
                regression,
                regression ? "REGRESSION" : "no regression",
                "changepoint",
                List.copyOf(changePoints));
    }
}
