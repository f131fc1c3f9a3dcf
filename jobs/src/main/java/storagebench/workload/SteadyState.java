package storagebench.workload;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.config.Values;

/**
 * When a load is steady, after fio's {@code ss=iops_slope}: over the last {@code window} of
 * intervals, the least-squares line through the metric's values changes by at most {@code max-slope}
 * of their mean from the window's start to its end. A workload with {@code steady-state} set ramps
 * (unmeasured) until then, at most {@code max-ramp}, and then measures for its duration.
 *
 * <p>Written in a config as {@code steady-state: {metric: iops, window: 10s, max-slope: 2%}}, or on
 * one line as {@code metric=iops;window=10s;max-slope=2%} (what {@code --set} and factors take).
 *
 * @param metric the metric judged: {@code iops} (file-io) or {@code tpm} (oltp)
 * @param window how much of the latest intervals is judged
 * @param maxSlope the most the fitted line may change across the window, as a share of the mean
 * @param maxRamp how long to ramp at most before measuring anyway, the trial flagged not steady; null:
 *     the workload's own default (its duration)
 */
public record SteadyState(String metric, Duration window, double maxSlope, Duration maxRamp) {
    /** The parameter's name. */
    public static final String PARAM = "steady-state";

    /** The parameter's text when off. */
    public static final String OFF = "none";

    /**
     * The setting written as {@code metric=iops;window=10s;max-slope=2%[;max-ramp=2m]}, or null for
     * {@value #OFF}.
     *
     * @param metrics the metrics the workload can judge
     * @throws ParamException naming what is wrong
     */
    public static SteadyState parse(String text, List<String> metrics) {
        if (text == null || text.isBlank() || text.strip().equals(OFF)) {
            return null;
        }
        Map<String, String> entries = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw error("'" + part.strip() + "' is not name=value");
            }
            entries.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
        }
        for (String key : entries.keySet()) {
            if (!List.of("metric", "window", "max-slope", "max-ramp").contains(key)) {
                throw error(
                        "unknown key '" + key + "'; known: metric, window, max-slope, max-ramp");
            }
        }
        String metric = entries.getOrDefault("metric", metrics.get(0));
        if (!metrics.contains(metric)) {
            throw error("metric '" + metric + "' cannot be judged here; one of " + metrics);
        }
        Duration window = duration(entries.getOrDefault("window", "10s"), "window");
        if (window.isZero()) {
            throw error("window must be longer than 0s");
        }
        String slope = entries.getOrDefault("max-slope", "2%");
        double maxSlope;
        try {
            maxSlope =
                    slope.endsWith("%")
                            ? Double.parseDouble(slope.substring(0, slope.length() - 1).strip())
                                    / 100
                            : Double.parseDouble(slope);
        } catch (NumberFormatException e) {
            throw error("max-slope '" + slope + "' is not a share such as 2% or 0.02");
        }
        if (!(maxSlope > 0) || maxSlope >= 1) {
            throw error("max-slope must be above 0% and below 100%, got " + slope);
        }
        Duration maxRamp =
                entries.containsKey("max-ramp")
                        ? duration(entries.get("max-ramp"), "max-ramp")
                        : null;
        return new SteadyState(metric, window, maxSlope, maxRamp);
    }

    private static Duration duration(String text, String key) {
        Duration d = Values.parseDuration(text);
        if (d == null) {
            throw error(key + " must be a duration such as 500ms, 10s or 2m, got '" + text + "'");
        }
        return d;
    }

    private static ParamException error(String reason) {
        return new ParamException(PARAM, PARAM + ": " + reason);
    }

    /** A judge of one ramp: fed each interval's value, says when the window is steady. */
    public Judge judge() {
        return new Judge(this);
    }

    /** The intervals of one ramp, judged as they come. */
    public static final class Judge {
        private final SteadyState setting;
        private final Deque<double[]> points = new ArrayDeque<>();

        private Judge(SteadyState setting) {
            this.setting = setting;
        }

        /**
         * Adds the interval that ended {@code endSeconds} into the ramp with {@code value}; whether the
         * latest window is steady now.
         */
        public boolean add(double endSeconds, double value) {
            points.addLast(new double[] {endSeconds, value});
            double windowSeconds = setting.window().toNanos() / 1e9;
            // keep the points within the window, and one more to know that it is covered
            while (points.size() > 2 && endSeconds - secondOf(points, 1) >= windowSeconds) {
                points.removeFirst();
            }
            if (endSeconds - points.getFirst()[0] < windowSeconds || points.size() < 3) {
                return false;
            }
            return steady(windowSeconds);
        }

        private boolean steady(double windowSeconds) {
            int n = points.size();
            double mx = 0;
            double my = 0;
            for (double[] p : points) {
                mx += p[0];
                my += p[1];
            }
            mx /= n;
            my /= n;
            double sxy = 0;
            double sxx = 0;
            for (double[] p : points) {
                sxy += (p[0] - mx) * (p[1] - my);
                sxx += (p[0] - mx) * (p[0] - mx);
            }
            if (my <= 0 || sxx == 0) {
                return false;
            }
            double slope = sxy / sxx;
            return Math.abs(slope) * windowSeconds <= setting.maxSlope() * my;
        }

        private static double secondOf(Deque<double[]> points, int index) {
            int i = 0;
            for (double[] p : points) {
                if (i++ == index) {
                    return p[0];
                }
            }
            throw new IllegalStateException("no point " + index);
        }
    }
}
