package storagebench.compare;

import storagebench.BadInputException;

/**
 * How {@link Trends} judges each series, checked once: a bad value is a {@link BadInputException}
 * naming the option of {@code trend} and the reason.
 *
 * @param method change points (the default) or the window of runs before the latest
 * @param p the significance level: a split below it is a change point, a latest run below it against
 *     its window a regression
 * @param minMagnitude the smallest change reported, as a fraction of the level before it (0.02: a change
 *     of 2% either way); the change point method only
 * @param recent a worse change point within the last {@code recent} runs is a regression; the change
 *     point method only
 * @param window the runs before the latest it is judged against; the window method only
 */
public record TrendOptions(
        TrendMethod method, double p, double minMagnitude, int recent, int window) {
    /** {@code trend}'s defaults: change points at p &lt; 0.01, 2% or more, within the last 3 runs. */
    public static final TrendOptions DEFAULT =
            new TrendOptions(TrendMethod.CHANGEPOINT, 0.01, 0.02, 3, 5);

    public TrendOptions {
        if (method == null) {
            throw new BadInputException("--method: changepoint or window, got none");
        }
        if (!(p > 0 && p < 1)) {
            throw new BadInputException("--p: a level between 0 and 1 (exclusive), got " + p);
        }
        if (!(minMagnitude >= 0) || Double.isInfinite(minMagnitude)) {
            throw new BadInputException(
                    "--min-magnitude: a change of 0% or more, got " + 100 * minMagnitude + "%");
        }
        if (recent < 1) {
            throw new BadInputException("--recent: at least 1 run, got " + recent);
        }
        if (window < 1) {
            throw new BadInputException("--window: at least 1, got " + window);
        }
    }

    /** The defaults with the window method. */
    public static TrendOptions window(int window) {
        return DEFAULT.withMethod(TrendMethod.WINDOW).withWindow(window);
    }

    public TrendOptions withMethod(TrendMethod m) {
        return new TrendOptions(m, p, minMagnitude, recent, window);
    }

    public TrendOptions withWindow(int w) {
        return new TrendOptions(method, p, minMagnitude, recent, w);
    }
}
