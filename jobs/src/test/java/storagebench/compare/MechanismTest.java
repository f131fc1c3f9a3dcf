package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.report.HostFigure;

class MechanismTest {
    private static HostFigure figure(
            String variant,
            String step,
            String source,
            String name,
            String figure,
            double mean,
            double sd) {
        return new HostFigure(
                "power", "h1", variant, step, source, name, figure, 30, mean, sd * sd, mean);
    }

    @Test
    void namesTheTwoFiguresThatDifferMostByStandardisedEffectWithTheirMedians() {
        // given: frequency differs hugely, utilisation much, iowait a little (within noise)
        List<HostFigure> high =
                List.of(
                        figure("plan=high", "tpcc", "cpu", "all", "freq_mhz", 3400, 20),
                        figure("plan=high", "tpcc", "device", "vda", "util", 0.41, 0.05),
                        figure("plan=high", "tpcc", "cpu", "all", "iowait", 0.050, 0.02));
        List<HostFigure> balanced =
                List.of(
                        figure("plan=balanced", "tpcc", "cpu", "all", "freq_mhz", 1200, 30),
                        figure("plan=balanced", "tpcc", "device", "vda", "util", 0.98, 0.01),
                        figure("plan=balanced", "tpcc", "cpu", "all", "iowait", 0.055, 0.02));
        // when
        String line = Mechanism.of(balanced, high);
        // then
        assertThat(line).isEqualTo("CPU frequency 1.20 vs 3.40 GHz, vda utilisation 98% vs 41%");
    }

    @Test
    void saysSoWhenNothingDiffersBeyondNoise() {
        // given: a big effect on an idle device's IOPS (under the floor) and noise elsewhere
        List<HostFigure> a =
                List.of(
                        figure("v=a", "s", "device", "vda", "iops", 1, 0.1),
                        figure("v=a", "s", "cpu", "all", "busy", 0.30, 0.10));
        List<HostFigure> b =
                List.of(
                        figure("v=b", "s", "device", "vda", "iops", 3, 0.1),
                        figure("v=b", "s", "cpu", "all", "busy", 0.33, 0.10));
        // then
        assertThat(Mechanism.of(a, b)).isEqualTo(Mechanism.NONE);
    }

    @Test
    void noLineWhereAnArmHasNoFigureInCommon() {
        List<HostFigure> a = List.of(figure("v=a", "s", "cpu", "all", "busy", 0.3, 0.1));
        List<HostFigure> b = List.of(figure("v=b", "s", "device", "vda", "util", 0.3, 0.1));
        assertThat(Mechanism.of(a, b)).isNull();
        assertThat(Mechanism.of(a, List.of())).isNull();
    }

    @Test
    void figuresThatNeitherArmVariesDifferByTheirFloorAlone() {
        List<HostFigure> a = List.of(figure("v=a", "s", "cpu", "all", "freq_mhz", 2000, 0));
        List<HostFigure> same = List.of(figure("v=b", "s", "cpu", "all", "freq_mhz", 2000, 0));
        List<HostFigure> near = List.of(figure("v=b", "s", "cpu", "all", "freq_mhz", 2030, 0));
        List<HostFigure> far = List.of(figure("v=b", "s", "cpu", "all", "freq_mhz", 2800, 0));
        assertThat(Mechanism.of(a, same)).isEqualTo(Mechanism.NONE);
        assertThat(Mechanism.of(a, near)).isEqualTo(Mechanism.NONE);
        assertThat(Mechanism.of(a, far)).isEqualTo("CPU frequency 2.00 vs 2.80 GHz");
    }

    @Test
    void explainTakesTheComparedStepsFiguresElseTheVariantsOverEveryStep() {
        // given: the variant has figures of its own step; the baseline only an imported log's
        List<HostFigure> figures =
                List.of(
                        figure("plan=balanced", "tpcc", "cpu", "all", "busy", 0.9, 0.02),
                        figure("plan=balanced", null, "cpu", "all", "busy", 0.7, 0.02),
                        figure("plan=high", "sampled", "cpu", "all", "busy", 0.4, 0.02),
                        figure("plan=high", null, "cpu", "all", "busy", 0.4, 0.02));
        Comparison c =
                new Comparison(
                        "power",
                        "h1",
                        "",
                        "tpcc",
                        "nopm",
                        true,
                        "plan=balanced",
                        "plan=high",
                        java.util.Map.of(),
                        3,
                        3,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        "lower",
                        null);
        // when
        List<Comparison> explained = Mechanism.explain(List.of(c), figures, false);
        // then
        assertThat(explained.get(0).mechanism()).isEqualTo("CPU utilisation 90% vs 40%");
    }

    @Test
    void aWaitThatOneArmHasAndTheOtherHasNotIsNamedWithItsShares() {
        List<HostFigure> locked =
                List.of(figure("v=lock", "s", "wait", "Lock:transactionid", "share", 0.95, 0.02));
        List<HostFigure> free =
                List.of(figure("v=free", "s", "wait", "Lock:transactionid", "share", 0.0, 0.0));
        assertThat(Mechanism.of(locked, free)).isEqualTo("wait Lock:transactionid 95% vs 0.0%");
    }

    @Test
    void theTextPrintsAPairsWhyOnceUnderItsFirstVerdictThatFoundADifference() {
        // given: one pair on two metrics, its duration undetected (a fixed run time), its NOPM
        // higher
        Comparison duration =
                new Comparison(
                        "seed-004",
                        "db1",
                        "",
                        "run",
                        "duration",
                        false,
                        "plan=high",
                        "plan=balanced",
                        java.util.Map.of(),
                        2,
                        2,
                        1800.0,
                        1800.0,
                        1.0,
                        0.99,
                        1.01,
                        1.0,
                        "Welch's t-test on log values",
                        0.9,
                        0.9,
                        3,
                        "no difference detected (n = 2 vs 2, p = 0.900)",
                        "CPU frequency 3.40 vs 1.20 GHz");
        Comparison nopm =
                new Comparison(
                        "seed-004",
                        "db1",
                        "",
                        "run",
                        "nopm",
                        true,
                        "plan=high",
                        "plan=balanced",
                        java.util.Map.of(),
                        2,
                        2,
                        21187.0,
                        16950.0,
                        1.25,
                        1.2,
                        1.3,
                        1.25,
                        "Welch's t-test on log values",
                        0.005,
                        0.005,
                        3,
                        "higher nopm (better) by ×1.25 [×1.20, ×1.30], p = 0.005",
                        "CPU frequency 3.40 vs 1.20 GHz");
        // when
        String text = CompareFormat.TEXT.render(List.of(duration, nopm));
        // then
        assertThat(text.split("why: ", -1)).hasSize(2);
        assertThat(text)
                .contains(
                        "p = 0.005\n    why: CPU frequency 3.40 vs 1.20 GHz\n",
                        "p = 0.900)\n\nseed-004");
    }
}
