package storagebench.report;

/** Two-sided 95% critical values of Student's t distribution, from a table. */
final class StudentT {
    /** t(0.975, df) for df = 1..30. */
    private static final double[] CRITICAL_95 = {
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
        2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
        2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423
    };

    /** Beyond the table the normal distribution is close enough. */
    private static final double NORMAL_95 = 1.96;

    private StudentT() {}

    static double critical95(long degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException(
                    "degrees of freedom must be at least 1, got " + degreesOfFreedom);
        }
        return degreesOfFreedom <= CRITICAL_95.length
                ? CRITICAL_95[(int) degreesOfFreedom - 1]
                : NORMAL_95;
    }

    /** Half-width of the 95% confidence interval of a mean; null below two samples. */
    static Double halfWidth95(long n, Double stddev) {
        return n < 2 || stddev == null ? null : critical95(n - 1) * stddev / Math.sqrt(n);
    }
}
