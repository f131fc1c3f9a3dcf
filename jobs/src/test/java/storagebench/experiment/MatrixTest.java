package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;

class MatrixTest {
    private static Experiment load(String matrix) {
        return new ExperimentLoader(Path.of("/tmp/sb"))
                .parse(
                        "m.yaml",
                        """
                experiment: m
                target: {kind: local}
                workload: {type: file-init}
                """
                                + matrix);
    }

    private static List<String> labels(Experiment e) {
        return TrialPlan.of(e).variants().stream()
                .map(v -> new Trial(0, 0, v, 1, false).label())
                .toList();
    }

    @Test
    void zipAdvancesFactorsTogether() {
        // given: seed 000 pairs 4 files with 8 MB and 4 files with 1,024 MB, and 8 files with 8 MB
        Experiment e =
                load(
                        """
                factors:
                  init: [zero, instant]
                  files: [4, 4, 8]
                  file-size: [8MB, 1024MB, 8MB]
                zip: [[files, file-size]]
                """);
        // when / then
        assertThat(labels(e))
                .containsExactly(
                        "init=zero, files=4, file-size=8MB", "init=zero, files=4, file-size=1024MB",
                        "init=zero, files=8, file-size=8MB", "init=instant, files=4, file-size=8MB",
                        "init=instant, files=4, file-size=1024MB",
                                "init=instant, files=8, file-size=8MB");
    }

    @Test
    void excludeDropsMatchesAndIncludeAddsCombinations() {
        // given
        Experiment e =
                load(
                        """
                factors:
                  init: [zero, instant]
                  file-size: [8MB, 1GB]
                exclude:
                  - {init: instant, file-size: 8MB}
                include:
                  - {init: zero, file-size: 2GB}
                  - {init: zero, file-size: 8MB}
                """);
        // when / then
        assertThat(labels(e))
                .containsExactly(
                        "init=zero, file-size=8MB",
                        "init=zero, file-size=1GB",
                        "init=instant, file-size=1GB",
                        "init=zero, file-size=2GB");
    }

    @Test
    void matrixMistakesAreNamed() {
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], files: [1, 2]}\nzip: [[init, files]]\n"
                                                + "file-size: 1MB\n"))
                .isInstanceOf(ConfigException.class);
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], files: [1, 2], file-size: [1MB]}\n"
                                                + "zip: [[init, files]]\n"))
                .hasMessageContaining(
                        "m.yaml:5: 'zip[0][1]': zipped factors need the "
                                + "same number of values");
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], file-size: [1MB]}\nzip: [[init, nope]]\n"))
                .hasMessageContaining("'nope' is not a factor");
        assertThatThrownBy(() -> load("factors: {init: [zero, zero], file-size: [1MB]}\n"))
                .hasMessageContaining("listed twice");
        // a zip group of other factors does not excuse a value listed twice outside it
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero, zero], files: [1, 2], file-size: [1MB, 2MB]}\n"
                                                + "zip: [[files, file-size]]\n"))
                .hasMessageContaining("listed twice");
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], file-size: [1MB]}\nexclude: [{init: zero}]\n"))
                .hasMessageContaining("expands to no variant");
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], file-size: [1MB]}\ninclude: [{init: instant}]\n"))
                .hasMessageContaining("an include rule gives a value for every factor");
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero], file-size: [1MB]}\nexclude: [{init: warm}]\n"))
                .hasMessageContaining("'exclude[0].init': expected one of zero, instant");
        assertThatThrownBy(
                        () ->
                                load(
                                        "factors: {init: [zero, instant], file-size: [1MB, 2MB]}\nrepetitions: 10\n"
                                                + "max-trials: 20\n"))
                .hasMessageContaining(
                        "the plan has 44 trials (4 variants × 11), more than " + "max-trials 20");
    }

    @Test
    void timeoutAndFailurePolicyAreRead() {
        // when
        Experiment e =
                load("factors: {init: [zero], file-size: [1MB]}\ntimeout: 90s\non-failure: stop\n");
        // then
        assertThat(e.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(e.onFailure()).isEqualTo(OnFailure.STOP);
        assertThat(load("factors: {init: [zero], file-size: [1MB]}\n").timeout()).isNull();
        assertThatThrownBy(() -> load("factors: {init: [zero], file-size: [1MB]}\ntimeout: soon\n"))
                .hasMessageContaining("'timeout': expected a duration");
        assertThat(Matrix.of(Map.of()).variants()).containsExactly(Map.of());
    }
}
