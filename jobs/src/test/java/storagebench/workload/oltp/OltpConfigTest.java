package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.config.ConfigException;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.experiment.TrialPlan;

/** oltp's parameters as a user writes them: checked once at load, with the file, line and key. */
class OltpConfigTest {
    @TempDir Path tmp;

    private Experiment parse(String workload) {
        return new ExperimentLoader(tmp)
                .parse(
                        "oltp.yaml",
                        "experiment: oltp\ntarget:\n  kind: h2\nworkload:\n  type: oltp\n"
                                + workload);
    }

    @Test
    void theDefaultsAreAMinuteOfOneUserOnOneWarehouse() {
        // when
        OltpSettings s = OltpSettings.of(parse("  mix: tpcc\n").params(Map.of()));
        // then
        assertThat(s.mix()).isEqualTo("tpcc");
        assertThat(s.units()).isEqualTo(1);
        assertThat(s.virtualUsers()).isEqualTo(1);
        assertThat(s.duration()).hasSeconds(60);
        assertThat(s.rampup()).hasSeconds(10);
        assertThat(s.sampleInterval()).hasSeconds(1);
        assertThat(s.schema()).isEqualTo(SchemaMode.PER_TRIAL);
        assertThat(s.keyingThinking()).isFalse();
        assertThat(s.allWarehouses()).isFalse();
    }

    @Test
    void noWarehousesOrUsersIsRefusedWithTheLineAndKey() {
        assertThatThrownBy(() -> parse("  warehouses: 0\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("oltp.yaml:6")
                .hasMessageContaining("workload.warehouses")
                .hasMessageContaining("must be at least 1, got '0'");
        assertThatThrownBy(() -> parse("  virtual-users: -4\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("workload.virtual-users")
                .hasMessageContaining("must be at least 1");
        assertThatThrownBy(() -> parse("  schema: sometimes\n"))
                .hasMessageContaining("expected one of per-trial, per-run, keep");
    }

    @Test
    void aVariantWhoseValuesDoNotGoTogetherIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> parse("  mix: tpcb\n  keying-thinking: true\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("workload.keying-thinking")
                .hasMessageContaining("keying and thinking times are TPC-C's");
        assertThatThrownBy(() -> parse("  sample-interval: 10ms\n"))
                .hasMessageContaining("workload.sample-interval")
                .hasMessageContaining("at least 100ms");
    }

    @Test
    void virtualUsersAndWarehousesCanBeFactors() {
        // when
        Experiment e =
                new ExperimentLoader(tmp)
                        .parse(
                                "oltp.yaml",
                                "experiment: oltp\ntarget:\n  kind: h2\nworkload:\n  type: oltp\n"
                                        + "factors:\n  virtual-users: [1, 4]\n  warehouses: [1, 2]\n");
        // then
        assertThat(TrialPlan.of(e).variants()).hasSize(4);
        assertThat(OltpSettings.of(e.params(Map.of("virtual-users", "4", "warehouses", "2"))))
                .extracting(OltpSettings::virtualUsers, OltpSettings::units)
                .containsExactly(4, 2);
    }
}
