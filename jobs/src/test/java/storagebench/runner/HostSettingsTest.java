package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostSettingsTest {
    @TempDir Path sys;

    private void governor(String cpu, String value) throws Exception {
        Path dir = Files.createDirectories(sys.resolve(cpu).resolve("cpufreq"));
        Files.writeString(dir.resolve("scaling_governor"), value + "\n");
    }

    @Test
    void cpuGovernorIsTheSameOnEveryCpuOrReportedMixed() throws Exception {
        // given
        governor("cpu0", "performance");
        governor("cpu1", "performance");
        Files.createDirectories(sys.resolve("cpufreq"));
        // when / then
        assertThat(HostSettings.cpuGovernor(sys)).isEqualTo("performance");
        governor("cpu1", "powersave");
        assertThat(HostSettings.cpuGovernor(sys)).isEqualTo("mixed: performance,powersave");
    }

    @Test
    void noCpufreqIsAClearError() {
        assertThatThrownBy(() -> HostSettings.cpuGovernor(sys))
                .hasMessageContaining("no CPU frequency governor");
    }

    @Test
    void powerPlanNameComesFromPowercfg() throws Exception {
        assertThat(
                        HostSettings.powerPlan(
                                "Power Scheme GUID: 8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c  (High performance)\r\n"))
                .isEqualTo("High performance");
        assertThatThrownBy(() -> HostSettings.powerPlan("Access denied"))
                .hasMessageContaining("cannot read");
    }
}
