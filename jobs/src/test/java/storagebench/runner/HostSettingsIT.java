package storagebench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.events.Outcome;
import storagebench.events.RunStarted;
import storagebench.events.TrialTimed;

/** A factor that names a host setting is applied, read back, and recorded; a setting that does not hold fails the trial. */
class HostSettingsIT {
    @TempDir Path tmp;

    @Test
    void settingsAreAppliedReadBackAndAMismatchFailsTheTrial() throws Exception {
        // given: a setting kept in a file; 'stuck' is a setting whose apply command ignores the
        // value
        Path state = tmp.resolve("mode");
        Path stuck = tmp.resolve("stuck");
        Files.writeString(state, "slow\n");
        Files.writeString(stuck, "off\n");
        Path yaml = tmp.resolve("settings.yaml");
        Files.writeString(
                yaml,
                """
                experiment: host-settings
                target: {kind: local}
                workload: {type: file-init, files: 1, file-size: 1MB, init: instant}
                host-settings:
                  mode:
                    apply: "echo {value} > %s"
                    read: "cat %s"
                    shell: true
                  stuck:
                    apply: "true"
                    read: "cat %s"
                factors:
                  mode: [fast, slow]
                  stuck: ['off', 'on']
                repetitions: 1
                warmups: 0
                """
                        .formatted(state, state, stuck));
        Settings settings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("data").toString()));
        // when
        int exit =
                Main.execute(
                        "run",
                        yaml.toString(),
                        "--data-dir",
                        tmp.resolve("data").toString(),
                        "--no-sink");
        // then
        assertThat(exit).as("a failed trial makes the run exit 1").isEqualTo(Main.FAILED);
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            var events = TopicEvents.all(kafka);
            List<TrialTimed> trials =
                    TopicEvents.of(events, TrialTimed.class).stream()
                            .filter(t -> t.getPhase().equals("measured"))
                            .toList();
            assertThat(trials).hasSize(4);
            for (TrialTimed t : trials) {
                if (t.getFactors().get("stuck").equals("off")) {
                    assertThat(t.getOutcome()).isEqualTo(Outcome.OK);
                    assertThat(t.getHostSettings())
                            .containsEntry("mode", t.getFactors().get("mode"))
                            .containsEntry("stuck", "off");
                } else {
                    assertThat(t.getOutcome()).isEqualTo(Outcome.FAILED);
                    assertThat(t.getError())
                            .contains("host setting stuck is 'off' after applying 'on'");
                    assertThat(t.getDurationNs()).isZero();
                }
            }
            RunStarted started = TopicEvents.of(events, RunStarted.class).get(0);
            assertThat(started.getHost().getSettings())
                    .containsEntry("mode", "slow")
                    .containsEntry("stuck", "off");
        }
        assertThat(Files.readString(state).strip()).isEqualTo("slow");
    }
}
