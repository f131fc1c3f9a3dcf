package storagebench.compare;

/**
 * How widely the two sides of a comparison spread, to say why a large difference between their means
 * was not detected.
 *
 * @param cv the larger of the two sides' coefficients of variation (standard deviation over mean),
 *     or NaN where a side has one value
 * @param settle repetitions per side that would detect the difference the means show, or null where
 *     the values' logs do not exist (a value not positive)
 */
record Spread(double cv, Integer settle) {
    static Spread of(Arm x, Arm y, Integer settle) {
        return new Spread(Math.max(cv(x), cv(y)), settle);
    }

    private static double cv(Arm arm) {
        return Math.sqrt(arm.variance()) / Math.abs(arm.mean());
    }
}
