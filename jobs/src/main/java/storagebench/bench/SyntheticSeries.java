package storagebench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A synthetic series of runs for {@code bench changepoints}: each run of {@value #TRIALS} trials of a
 * duration around 1 s. A run's level carries run-to-run noise and each trial noise of its own around
 * it, both of the series' size (1–5%, normal or log-normal); one run in a hundred is an outlier, all
 * its trials 20–50% slower. The level changes as the series' {@link Shape} says, from {@code changeAt}
 * on.
 *
 * @param shape how the level changes
 * @param noise the noise's standard deviation, relative (0.01 to 0.05)
 * @param logNormal whether the noise is log-normal (else normal)
 * @param changeAt the first run at the new level (the drift's first step), -1 for no change
 * @param change the step's relative size (0.05: 5% slower; negative: faster), or the drift per run
 * @param trials each run's trial durations, oldest run first
 */
record SyntheticSeries(
        Shape shape,
        double noise,
        boolean logNormal,
        int changeAt,
        double change,
        double[][] trials) {
    static final int TRIALS = 5;
    static final double OUTLIERS = 0.01;

    /** The kinds of series of the validation. */
    enum Shape {
        /** no change */
        NONE,
        /** a step of 5% slower at 1% noise */
        STEP_5,
        /** a step of 2–20%, slower or faster, at 1–5% noise */
        STEP,
        /** slower by a fraction every run from a known one on */
        DRIFT
    }

    /**
     * The series of the validation from {@code seed}: per {@code count} series, a third with no change,
     * a sixth each of 5% steps at 1% noise, of 2–20% steps slower, of 2–20% steps faster, and of drifts
     * of 0.2% per run; 50–200 runs each.
     */
    static List<SyntheticSeries> validation(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        List<SyntheticSeries> all = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int runs = random.nextInt(50, 201);
            boolean logNormal = i % 2 == 1;
            int at = random.nextInt(runs / 4, 3 * runs / 4);
            double noise = random.nextDouble(0.01, 0.05);
            int kind = i % 6;
            SyntheticSeries s =
                    switch (kind) {
                        case 0, 1 -> of(Shape.NONE, noise, logNormal, -1, 0, runs, random);
                        case 2 -> of(Shape.STEP_5, 0.01, logNormal, at, 0.05, runs, random);
                        case 3 ->
                                of(
                                        Shape.STEP,
                                        noise,
                                        logNormal,
                                        at,
                                        random.nextDouble(0.02, 0.20),
                                        runs,
                                        random);
                        case 4 ->
                                of(
                                        Shape.STEP,
                                        noise,
                                        logNormal,
                                        at,
                                        -random.nextDouble(0.02, 0.20),
                                        runs,
                                        random);
                        default -> of(Shape.DRIFT, noise, logNormal, at, 0.002, runs, random);
                    };
            all.add(s);
        }
        return List.copyOf(all);
    }

    /** A series of {@code runs} runs drawn from {@code random}. */
    static SyntheticSeries of(
            Shape shape,
            double noise,
            boolean logNormal,
            int changeAt,
            double change,
            int runs,
            SplittableRandom random) {
        double[][] trials = new double[runs][TRIALS];
        for (int r = 0; r < runs; r++) {
            double level = level(shape, changeAt, change, r) * factor(noise, logNormal, random);
            if (random.nextDouble() < OUTLIERS) {
                level *= 1 + random.nextDouble(0.2, 0.5);
            }
            for (int t = 0; t < TRIALS; t++) {
                trials[r][t] = level * factor(noise, logNormal, random);
            }
        }
        return new SyntheticSeries(shape, noise, logNormal, changeAt, change, trials);
    }

    /** The level of run {@code r} before noise. */
    private static double level(Shape shape, int changeAt, double change, int r) {
        if (changeAt < 0 || r < changeAt) {
            return 1;
        }
        return shape == Shape.DRIFT ? 1 + change * (r - changeAt + 1) : 1 + change;
    }

    /** A noise factor around 1. */
    private static double factor(double noise, boolean logNormal, SplittableRandom random) {
        double g = gaussian(random);
        return logNormal ? Math.exp(noise * g) : Math.max(0.01, 1 + noise * g);
    }

    /** A standard normal value (Box–Muller). */
    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    int runs() {
        return trials.length;
    }

    /** Each run's mean. */
    double[] means() {
        double[] means = new double[trials.length];
        for (int r = 0; r < trials.length; r++) {
            double sum = 0;
            for (double v : trials[r]) {
                sum += v;
            }
            means[r] = sum / trials[r].length;
        }
        return means;
    }
}
