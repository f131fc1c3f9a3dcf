package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrialPlanTest {
    private static Experiment experiment(String order, int reps, int warmups) {
        return new ExperimentLoader(Path.of("/tmp/sb"))
                .parse(
                        "e.yaml",
                        """
                experiment: plan
                target: {kind: local}
                workload: {type: file-init}
                factors:
                  init: [zero, instant]
                  file-size: [8MB, 1GB]
                repetitions: %d
                warmups: %d
                order: %s
                seed: 7
                """
                                .formatted(reps, warmups, order));
    }

    @Test
    void warmupsComeFirstThenInterleavedRepetitions() {
        // when
        TrialPlan plan = TrialPlan.of(experiment("interleaved", 2, 1));
        // then
        assertThat(plan.variants()).hasSize(4);
        assertThat(plan.size()).isEqualTo(4 + 8);
        assertThat(plan.trials().subList(0, 4)).allMatch(Trial::warmup);
        assertThat(plan.trials().subList(4, 12)).noneMatch(Trial::warmup);
        assertThat(plan.trials().stream().map(Trial::variant).toList())
                .containsExactly(0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
        assertThat(plan.trials().stream().map(Trial::index).toList())
                .containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        assertThat(plan.trials().get(4).label()).isEqualTo("init=zero, file-size=8MB");
        assertThat(plan.trials().get(5).label()).isEqualTo("init=zero, file-size=1GB");
        assertThat(plan.trials().get(8).repetition()).isEqualTo(2);
    }

    @Test
    void sequentialRunsEachVariantsRepetitionsTogether() {
        // when
        TrialPlan plan = TrialPlan.of(experiment("sequential", 2, 0));
        // then
        assertThat(plan.trials().stream().map(Trial::variant).toList())
                .containsExactly(0, 0, 1, 1, 2, 2, 3, 3);
    }

    @Test
    void randomOrderIsRepeatableWithItsSeed() {
        // when
        List<Integer> first =
                TrialPlan.of(experiment("random", 5, 1)).trials().stream()
                        .map(Trial::variant)
                        .toList();
        List<Integer> again =
                TrialPlan.of(experiment("random", 5, 1)).trials().stream()
                        .map(Trial::variant)
                        .toList();
        // then
        assertThat(first).isEqualTo(again);
        assertThat(first.subList(0, 4)).containsExactly(0, 1, 2, 3);
        assertThat(first.subList(4, 24))
                .containsExactlyInAnyOrderElementsOf(
                        TrialPlan.of(experiment("interleaved", 5, 1))
                                .trials()
                                .subList(4, 24)
                                .stream()
                                .map(Trial::variant)
                                .toList());
        assertThat(first.subList(4, 24))
                .isNotEqualTo(
                        TrialPlan.of(experiment("interleaved", 5, 1))
                                .trials()
                                .subList(4, 24)
                                .stream()
                                .map(Trial::variant)
                                .toList());
    }

    @Test
    void noFactorsMeansOneVariant() {
        // when
        List<Map<String, String>> matrix = Matrix.of(Map.of()).variants();
        // then
        assertThat(matrix).containsExactly(Map.of());
    }
}
