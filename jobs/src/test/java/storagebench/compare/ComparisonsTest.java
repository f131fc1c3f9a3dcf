package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.report.TrialValue;

/**
 * Comparisons against figures computed independently: each expected value below was computed with
 * SciPy 1.17 (numpy mean and sample variance; the ratio's interval r·exp(±t·se) with se² = s₁²/(n₁m₁²)
 * + s₂²/(n₂m₂²) and Welch–Satterthwaite degrees of freedom, scipy.stats.t.ppf(0.975, df); the p-value
 * scipy.stats.ttest_ind(log x, log y, equal_var=False)).
 */
class ComparisonsTest {
    private static final double[] ZERO = {2.10, 2.35, 2.02, 2.48, 2.21};
    private static final double[] MID = {1.02, 1.10, 0.97, 1.15, 1.05};
    private static final double[] INSTANT = {0.0071, 0.0068, 0.0075, 0.0070, 0.0066};

    private final List<TrialValue> trials = new ArrayList<>();

    private void add(String host, String step, Map<String, String> factors, double... values) {
        String variant = storagebench.events.VariantLabel.of(factors);
        for (double v : values) {
            trials.add(
                    new TrialValue(
                            "ifi",
                            host,
                            "",
                            "run-1",
                            variant,
                            factors,
                            step,
                            trials.size(),
                            Instant.EPOCH,
                            v));
        }
    }

    private static Map<String, String> factors(String... kv) {
        Map<String, String> f = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            f.put(kv[i], kv[i + 1]);
        }
        return f;
    }

    private List<Comparison> compare(Map<String, String> baseline) {
        return Comparisons.of(
                trials,
                new CompareRequest(
                        null, baseline, false, CompareRequest.DURATION, List.of(), false));
    }

    @Test
    void eachVariantAgainstTheFastestWithItsIntervalTestAndHolm() {
        // given: one factor, three levels
        add("vm", "create", factors("init", "zero"), ZERO);
        add("vm", "create", factors("init", "mid"), MID);
        add("vm", "create", factors("init", "instant"), INSTANT);
        // when
        List<Comparison> rows = compare(Map.of());
        // then: the fastest is the baseline
        assertThat(rows).extracting(Comparison::variant).containsExactly("init=zero", "init=mid");
        Comparison zero = rows.get(0);
        assertThat(zero.baseline()).isEqualTo("init=instant");
        assertThat(zero.ratioOfMeans()).isCloseTo(318.857, withinPercentage(0.01));
        assertThat(zero.low()).isCloseTo(287.428, withinPercentage(0.01));
        assertThat(zero.high()).isCloseTo(353.724, withinPercentage(0.01));
        assertThat(zero.ratioOfMedians()).isCloseTo(315.714, withinPercentage(0.01));
        assertThat(zero.p()).isCloseTo(2.55863e-12, withinPercentage(0.1));
        assertThat(rows.get(1).p()).isCloseTo(9.31092e-14, withinPercentage(0.1));
        // Holm: the smaller p times 2, the larger times 1, kept in order
        assertThat(rows.get(1).pAdjusted()).isCloseTo(2 * 9.31092e-14, withinPercentage(0.1));
        assertThat(zero.pAdjusted()).isCloseTo(2.55863e-12, withinPercentage(0.1));
        assertThat(zero.test()).isEqualTo("Welch's t-test on log values");
        assertThat(zero.verdict()).isEqualTo("slower by ×319 [×287, ×354], p < 0.001");
        assertThat(zero.repetitions()).isEqualTo(32);
    }

    @Test
    void aGivenBaselineTurnsTheRatioRoundAndSaysFaster() {
        add("vm", "create", factors("init", "zero"), ZERO);
        add("vm", "create", factors("init", "instant"), INSTANT);
        // when
        List<Comparison> rows = compare(Map.of("init", "zero"));
        // then
        assertThat(rows)
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.variant()).isEqualTo("init=instant");
                            assertThat(c.baseline()).isEqualTo("init=zero");
                            assertThat(c.verdict())
                                    .isEqualTo("faster by ×319 [×287, ×354], p < 0.001");
                        });
    }

    @Test
    void seed001sFiguresSayFiveHundredFilesAreSlowerByAboutThreeTimes() {
        // given: seed 001, 5 files 1:24 and 1:20, 500 files 4:12 and 3:59
        add("sql1", "insert", factors("files", "5"), 84, 80);
        add("sql1", "insert", factors("files", "500"), 252, 239);
        // when
        Comparison c = compare(Map.of("files", "5")).get(0);
        // then
        assertThat(c.ratioOfMeans()).isCloseTo(2.99390, withinPercentage(0.01));
        assertThat(c.low()).isCloseTo(2.56175, withinPercentage(0.01));
        assertThat(c.high()).isCloseTo(3.49896, withinPercentage(0.01));
        assertThat(c.p()).isCloseTo(0.0011170, withinPercentage(0.1));
        assertThat(c.verdict()).isEqualTo("slower by ×2.99 [×2.56, ×3.50], p = 0.001");
    }

    @Test
    void noDifferenceSaysHowManyRepetitionsWouldFindFivePercent() {
        add("vm", "create", factors("init", "a"), 1.00, 1.08, 0.95, 1.03);
        add("vm", "create", factors("init", "b"), 1.02, 0.99, 1.06, 0.98);
        // when
        Comparison c = compare(Map.of("init", "b")).get(0);
        // then
        assertThat(c.ratioOfMeans()).isCloseTo(1.002469, withinPercentage(0.01));
        assertThat(c.low()).isCloseTo(0.923794, withinPercentage(0.01));
        assertThat(c.high()).isCloseTo(1.087845, withinPercentage(0.01));
        assertThat(c.p()).isCloseTo(0.956197, within(1e-4));
        assertThat(c.verdict())
                .isEqualTo(
                        "no difference detected (n = 4 vs 4, p = 0.956); about 15 repetitions would"
                                + " detect 5%");
    }

    @Test
    void aWideDifferenceNotDetectedSaysWhyInTheSameLine() {
        // given: means ×3.09 apart, each side spread widely (CV 92% and 42%; SciPy: p = 0.409)
        add("vm", "create", factors("init", "a"), 0.8, 4.1, 9.6);
        add("vm", "create", factors("init", "b"), 0.9, 1.6, 2.2);
        // when
        Comparison c = compare(Map.of("init", "b")).get(0);
        // then: 26, the fewest n a side with n ≥ (t₀.₀₂₅ + t₀.₂)²·(sum of the log variances) /
        // (difference
        // of the log means)², t on Welch's degrees of freedom for n a side (SciPy: the same;
        // Welch's
        // test on 20,000 samples of 26 a side detected it in 81%, of 12 a side in 46%)
        assertThat(c.p()).isCloseTo(0.408618, within(1e-4));
        assertThat(c.verdict())
                .isEqualTo(
                        "no difference detected (n = 3 vs 3, p = 0.409): the means differ by ×3.09,"
                                + " but with n = 3 per side the spread (CV 92%) is wider than the"
                                + " difference; about 26 repetitions would settle it");
    }

    @Test
    void oneTrialIsNotAnAnswer() {
        add("vm", "create", factors("init", "zero"), 2.1);
        add("vm", "create", factors("init", "instant"), 0.007, 0.008);
        // when
        Comparison c = compare(Map.of()).get(0);
        // then: no NaN, no infinity; the ratio as measured, untested
        assertThat(c.verdict())
                .isEqualTo("n/a (n = 1): slower by ×280 as measured, no interval or test");
        assertThat(c.p()).isNull();
        assertThat(c.low()).isNull();
        assertThat(CompareFormat.JSON.render(List.of(c)))
                .doesNotContain("NaN")
                .doesNotContain("Infinity");
    }

    @Test
    void theOtherFactorsAreHeldFixed() {
        // given: init × size, where the small zero files are faster than the large instant ones
        add("vm", "create", factors("init", "zero", "size", "8MB"), 0.50, 0.52, 0.51);
        add("vm", "create", factors("init", "instant", "size", "8MB"), 0.010, 0.011, 0.012);
        add("vm", "create", factors("init", "zero", "size", "256MB"), 16.0, 16.4, 15.8);
        add("vm", "create", factors("init", "instant", "size", "256MB"), 0.020, 0.021, 0.019);
        // when
        List<Comparison> rows = compare(Map.of("init", "zero"));
        // then: each instant variant against the zero variant of its own size
        assertThat(rows)
                .hasSize(2)
                .allSatisfy(c -> assertThat(c.variant()).contains("init=instant"));
        assertThat(rows).extracting(c -> c.fixed().get("size")).containsExactly("8MB", "256MB");
        assertThat(rows.get(0).baseline()).isEqualTo("init=zero, size=8MB");
        assertThat(rows.get(1).baseline()).isEqualTo("init=zero, size=256MB");
        // and without a baseline each factor in turn, within each level of the other
        assertThat(compare(Map.of()))
                .extracting(c -> c.variant() + " vs " + c.baseline())
                .containsExactly(
                        "init=zero, size=8MB vs init=instant, size=8MB",
                        "init=zero, size=256MB vs init=instant, size=256MB",
                        "init=zero, size=256MB vs init=zero, size=8MB",
                        "init=instant, size=256MB vs init=instant, size=8MB");
    }

    @Test
    void higherIsBetterForThroughput() {
        trials.clear();
        for (double v : new double[] {3041, 3100, 2990}) {
            trials.add(
                    new TrialValue(
                            "io",
                            "vm",
                            "",
                            "r",
                            "size=8MB",
                            factors("size", "8MB"),
                            "io",
                            0,
                            Instant.EPOCH,
                            v));
        }
        for (double v : new double[] {31887, 31500, 32100}) {
            trials.add(
                    new TrialValue(
                            "io",
                            "vm",
                            "",
                            "r",
                            "size=1GB",
                            factors("size", "1GB"),
                            "io",
                            1,
                            Instant.EPOCH,
                            v));
        }
        // when
        List<Comparison> rows =
                Comparisons.of(
                        trials,
                        new CompareRequest("io", Map.of(), false, "iops", List.of(), false));
        // then: the highest is the baseline, and the other is worse
        assertThat(rows)
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.higherIsBetter()).isTrue();
                            assertThat(c.baseline()).isEqualTo("size=1GB");
                            assertThat(c.verdict()).startsWith("lower iops (worse) by ×10.5 [");
                        });
    }

    @Test
    void anUnknownBaselineNamesTheFactorsAndValuesThereAre() {
        add("vm", "create", factors("init", "zero"), ZERO);
        add("vm", "create", factors("init", "instant"), INSTANT);
        assertThatThrownBy(() -> compare(Map.of("init", "fast")))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "--baseline init=fast: no variant with init=fast; the factors and their"
                                + " values are: init=zero|instant");
        assertThatThrownBy(() -> compare(Map.of("files", "4")))
                .isInstanceOf(BadInputException.class)
                .hasMessage(
                        "--baseline files=4: no factor 'files'; the factors and their values are:"
                                + " init=zero|instant");
    }

    @Test
    void byHostComparesHostsForEachVariant() {
        add("fast", "create", factors("init", "zero"), 1.0, 1.1, 0.9);
        add("slow", "create", factors("init", "zero"), 3.0, 3.3, 2.7);
        // when
        List<Comparison> rows =
                Comparisons.of(
                        trials,
                        new CompareRequest(
                                null, Map.of(), true, CompareRequest.DURATION, List.of(), false));
        // then
        assertThat(rows)
                .singleElement()
                .satisfies(
                        c -> {
                            assertThat(c.host()).isEqualTo("slow");
                            assertThat(c.baseline()).isEqualTo("fast");
                            assertThat(c.variant()).isEqualTo("init=zero");
                            assertThat(c.verdict()).startsWith("slower by ×3.00 [");
                        });
    }

    @Test
    void holmMultipliesInOrderAndKeepsTheOrder() {
        assertThat(Holm.adjust(java.util.Arrays.asList(0.01, 0.04, 0.03, null)))
                .containsExactly(0.03, 0.06, 0.06, Double.NaN);
    }

    @Test
    void aMetricNoTrialHasIsNothingToCompareNotABadBaseline() {
        assertThat(
                        Comparisons.of(
                                List.of(),
                                new CompareRequest(
                                        "ifi",
                                        Map.of("init", "zero"),
                                        false,
                                        "iops",
                                        List.of(),
                                        false)))
                .isEmpty();
    }

    @Test
    void theWorkloadsDeclareWhichWayTheirHeadlineMetricsAreBetter() {
        assertThat(Direction.higherIsBetter("iops")).isTrue();
        assertThat(Direction.higherIsBetter("queued_ms")).isFalse();
        assertThat(Direction.higherIsBetter("latency_p99_us")).isFalse();
        assertThat(storagebench.workload.Workloads.headlines())
                .containsKeys("iops", "mb_per_s", "queued_ms");
    }
}
