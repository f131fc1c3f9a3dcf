package storagebench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VerdictSentenceTest {
    private static Comparison comparison(
            String metric,
            String variant,
            String baseline,
            Map<String, String> fixed,
            String verdict) {
        return new Comparison(
                "ifi", "vm", "", "create", metric, false, variant, baseline, fixed, 5, 5, null,
                null, null, null, null, null, null, null, null, null, verdict, null);
    }

    @Test
    void aDifferenceReadsAsASentenceNamingWhatTellsTheSidesApart() {
        // given: seed 002's 256 MB creations, instant against zeroed
        Map<String, String> fixed = new LinkedHashMap<>(Map.of("file-size", "256MB"));
        Comparison c =
                comparison(
                        "duration",
                        "init=instant, file-size=256MB",
                        "init=zero, file-size=256MB",
                        fixed,
                        "faster by ×229 [×119, ×439], p < 0.001");
        // when / then
        assertThat(VerdictSentence.of(c))
                .isEqualTo(
                        "init=instant is faster than init=zero by ×229 [×119, ×439], p < 0.001, at"
                                + " file-size=256MB");
    }

    @Test
    void theFactorsHeldFixedComeInTheOrderTheLabelNamesThem() {
        // given: the dataset's map in another order than the label
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put("threads", "1");
        fixed.put("duration_s", "2");
        Comparison c =
                comparison(
                        "tpm",
                        "clients=1, duration_s=2, threads=1",
                        "clients=4, duration_s=2, threads=1",
                        fixed,
                        "lower tpm (worse) by ×1.36 [×1.13, ×1.63], p = 0.009");
        // when / then
        assertThat(VerdictSentence.fixed(c, Set.of())).isEqualTo("duration_s=2, threads=1");
        assertThat(VerdictSentence.of(c)).endsWith(", at duration_s=2, threads=1");
    }

    @Test
    void aHigherIsBetterMetricSaysWhichHasMore() {
        Comparison c =
                comparison(
                        "iops",
                        "threads=1",
                        "threads=4",
                        Map.of(),
                        "lower iops (worse) by ×3.10 [×2.80, ×3.43], p = 0.002");
        assertThat(VerdictSentence.of(c))
                .isEqualTo(
                        "threads=1 has lower iops (worse) than threads=4 by ×3.10 [×2.80, ×3.43],"
                                + " p = 0.002");
    }

    @Test
    void noDifferenceKeepsTheVerdictWhole() {
        Comparison c =
                comparison(
                        "duration",
                        "init=a",
                        "init=b",
                        Map.of(),
                        "no difference detected (n = 3 vs 3, p = 0.409): the means differ by ×3.09,"
                                + " but with n = 3 per side the spread (CV 92%) is wider than the"
                                + " difference; about 26 repetitions would settle it");
        assertThat(VerdictSentence.of(c))
                .isEqualTo(
                        "init=a against init=b: no difference detected (n = 3 vs 3, p = 0.409): the"
                                + " means differ by ×3.09, but with n = 3 per side the spread (CV"
                                + " 92%) is wider than the difference; about 26 repetitions would"
                                + " settle it");
    }
}
