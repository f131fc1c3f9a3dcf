package storagebench.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;

class ScheduleLoaderTest {
    private static final Path FILE = Path.of("/etc/sb/schedules.yaml");

    private static final String VALID =
            """
            defaults:
              retry: 2
              backoff: 30s
            schedules:
              - name: nightly
                experiment: local/file-init.yaml
                cron: "0 30 2 * * ?"
                overrides:
                  repetitions: 5
                  factors.file-size: [8MB, 1GB]
              - name: weekdays
                experiment: ../other/file-io.yaml
                cron: "15 3 * * 1-5"
                time-zone: Europe/Copenhagen
                misfire: skip
                overlap: skip
                retry: 0
                max-runtime: 1h
                enabled: false
                window: 3
                confirm: rerun
                notify:
                  command: [/usr/bin/alert, --channel, storage]
                  on: always
            """;

    private static List<Schedule> parse(String text) {
        return ScheduleLoader.parse(FILE, text);
    }

    @Test
    void readsEveryKeyWithDefaultsAndResolvesExperimentsBesideTheFile() {
        // when
        List<Schedule> schedules = parse(VALID);
        // then
        Schedule nightly = schedules.get(0);
        assertThat(nightly.name()).isEqualTo("nightly");
        assertThat(nightly.experiment()).isEqualTo(Path.of("/etc/sb/local/file-init.yaml"));
        assertThat(nightly.cron()).isEqualTo("0 30 2 * * ?");
        assertThat(nightly.timeZone()).isEqualTo(ZoneId.of("UTC"));
        assertThat(nightly.misfire()).isEqualTo(Schedule.Misfire.RUN_ONCE);
        assertThat(nightly.overlap()).isEqualTo(Schedule.Overlap.WAIT);
        assertThat(nightly.retry()).isEqualTo(2);
        assertThat(nightly.backoff()).isEqualTo(Duration.ofSeconds(30));
        assertThat(nightly.maxRuntime()).isNull();
        assertThat(nightly.enabled()).isTrue();
        assertThat(nightly.window()).isEqualTo(5);
        assertThat(nightly.confirm()).isEqualTo(Schedule.Confirm.NONE);
        assertThat(nightly.overrides())
                .containsExactly(
                        Map.entry("repetitions", "5"),
                        Map.entry("factors.file-size", "[8MB, 1GB]"));
        Schedule weekdays = schedules.get(1);
        assertThat(weekdays.experiment()).isEqualTo(Path.of("/etc/other/file-io.yaml"));
        // crontab's five fields become Quartz's six: seconds first, weekdays from 1 (Sunday)
        assertThat(weekdays.cron()).isEqualTo("0 15 3 ? * 2-6");
        // and users are shown the line as they wrote it
        assertThat(weekdays.written()).isEqualTo("15 3 * * 1-5");
        assertThat(weekdays.timeZone()).isEqualTo(ZoneId.of("Europe/Copenhagen"));
        assertThat(weekdays.misfire()).isEqualTo(Schedule.Misfire.SKIP);
        assertThat(weekdays.overlap()).isEqualTo(Schedule.Overlap.SKIP);
        assertThat(weekdays.retry()).isZero();
        assertThat(weekdays.maxRuntime()).isEqualTo(Duration.ofHours(1));
        assertThat(weekdays.enabled()).isFalse();
        assertThat(weekdays.window()).isEqualTo(3);
        assertThat(weekdays.confirm()).isEqualTo(Schedule.Confirm.RERUN);
        assertThat(weekdays.notifyCommand())
                .isEqualTo(
                        new Schedule.Notify(
                                List.of("/usr/bin/alert", "--channel", "storage"), false, true));
    }

    @Test
    void crontabLinesBecomeQuartzExpressions() {
        assertThat(cron("*/5 * * * *")).isEqualTo("0 */5 * * * ?");
        assertThat(cron("0 2 1 * *")).isEqualTo("0 0 2 1 * ?");
        assertThat(cron("30 4 * * 0")).isEqualTo("0 30 4 ? * 1");
        assertThat(cron("30 4 * * 7")).isEqualTo("0 30 4 ? * 1");
        assertThat(cron("30 4 * * MON-FRI")).isEqualTo("0 30 4 ? * MON-FRI");
        assertThat(cron("0 */2 * * 1,3,5")).isEqualTo("0 0 */2 ? * 2,4,6");
        assertThat(cron("0 30 2 * * ?")).isEqualTo("0 30 2 * * ?");
    }

    private static String cron(String expression) {
        return parse(VALID.replace("\"0 30 2 * * ?\"", "\"" + expression + "\"")).get(0).cron();
    }

    @Test
    void badInputNamesTheFileLineKeyAndReason() {
        assertThatThrownBy(() -> parse(VALID.replace("\"0 30 2 * * ?\"", "\"0 61 2 * * ?\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "/etc/sb/schedules.yaml:7: 'schedules[0].cron': '0 61 2 * * ?' is not a cron expression");
        assertThatThrownBy(() -> parse(VALID.replace("\"0 30 2 * * ?\"", "\"0 99 2 * * ?\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("99 is more than a minute can be (59)");
        assertThatThrownBy(() -> parse(VALID.replace("  retry: 2\n", "  retry: -1\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("schedules.yaml:2: 'defaults.retry'");
        assertThatThrownBy(() -> parse(VALID.replace("misfire: skip", "misfire: later")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'schedules[1].misfire'")
                .hasMessageContaining("run-once, skip");
        assertThatThrownBy(() -> parse(VALID.replace("Europe/Copenhagen", "Mars/Olympus")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'Mars/Olympus' is not a time zone");
        assertThatThrownBy(
                        () -> parse(VALID.replace("    enabled: false\n", "    enabeld: false\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'schedules[1].enabeld': unknown key in schedule 'weekdays'");
        assertThatThrownBy(() -> parse(VALID.replace("name: weekdays", "name: nightly")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("a second schedule named 'nightly'");
        assertThatThrownBy(() -> parse(VALID.replace("name: weekdays", "name: \"week days\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("1 to 100 letters, digits");
        assertThatThrownBy(() -> parse(VALID.replace("\"15 3 * * 1-5\"", "\"15 3 1 * 1-5\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("both a day of the month and a day of the week");
        assertThatThrownBy(() -> parse(VALID.replace("\"0 30 2 * * ?\"", "\"0 0 0 1 1 ? 2001\"")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("never fires again");
        assertThatThrownBy(() -> parse("schedules: []\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("no schedule");
        assertThatThrownBy(() -> parse(VALID.replace("defaults:", "defualts:")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'defualts': unknown key in the schedules file");
    }

    @Test
    void confirmIsNoneOrRerunForOneScheduleOrAsADefault() {
        // given: rerun as a default, which a schedule may turn off
        String text =
                VALID.replace("  backoff: 30s\n", "  backoff: 30s\n  confirm: rerun\n")
                        .replace("    confirm: rerun\n", "    confirm: none\n");
        // when
        List<Schedule> schedules = parse(text);
        // then
        assertThat(schedules)
                .extracting(Schedule::confirm)
                .containsExactly(Schedule.Confirm.RERUN, Schedule.Confirm.NONE);
        // and a bad value names the file, line, key and the values it may take
        assertThatThrownBy(() -> parse(VALID.replace("confirm: rerun", "confirm: twice")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "/etc/sb/schedules.yaml:21: 'schedules[1].confirm': expected one of none,"
                                + " rerun, got 'twice'");
        assertThatThrownBy(
                        () -> parse(VALID.replace("  retry: 2\n", "  retry: 2\n  confirm: yes\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("schedules.yaml:3: 'defaults.confirm'");
    }

    @Test
    void aShellNotifyIsOneString() {
        assertThatThrownBy(
                        () ->
                                parse(
                                        VALID.replace(
                                                "      on: always",
                                                "      on: always\n      shell: true")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("with shell: true the command is one string for sh -c");
    }

    @Test
    void hostsChooseAnyAllNamedOrLabelledHosts() {
        assertThat(parse(VALID).get(0).hosts()).isEqualTo(HostSelector.ANY);
        String all = VALID.replace("  backoff: 30s\n", "  backoff: 30s\n  hosts: all\n");
        assertThat(parse(all).get(0).hosts()).isEqualTo(HostSelector.ALL);
        HostSelector named =
                parse(VALID.replace("    enabled: false\n", "    hosts: [db-1, db-2]\n"))
                        .get(1)
                        .hosts();
        assertThat(named.written()).isEqualTo("[db-1, db-2]");
        assertThat(named.matches("db-2", Map.of())).isTrue();
        assertThat(named.matches("db-3", Map.of())).isFalse();
        HostSelector labelled =
                parse(
                                VALID.replace(
                                        "    enabled: false\n",
                                        "    hosts: {role: replica, disk: nvme}\n"))
                        .get(1)
                        .hosts();
        assertThat(labelled.written()).isEqualTo("{disk: nvme, role: replica}");
        assertThat(labelled.fansOut()).isTrue();
        assertThat(labelled.matches("x", Map.of("role", "replica", "disk", "nvme", "az", "b")))
                .isTrue();
        assertThat(labelled.matches("x", Map.of("role", "replica"))).isFalse();
        // bad forms: the file, line, key and reason
        assertThatThrownBy(() -> parse(VALID.replace("    enabled: false\n", "    hosts: some\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "'some': any, all, a list of host names or a mapping of labels");
        assertThatThrownBy(() -> parse(VALID.replace("    enabled: false\n", "    hosts: []\n")))
                .hasMessageContaining("an empty list chooses no host");
        assertThatThrownBy(
                        () ->
                                parse(
                                        VALID.replace(
                                                "    enabled: false\n", "    hosts: [\"db 1\"]\n")))
                .hasMessageContaining("'db 1': a host's name holds only letters");
        assertThatThrownBy(
                        () ->
                                parse(
                                        VALID.replace(
                                                "    enabled: false\n",
                                                "    hosts: {password: x}\n")))
                .hasMessageContaining("looks like a secret");
    }

    @Test
    void theFleetExampleRunsSeed000OnEveryHostAndSeed003OnTheProductionOnes() {
        List<Schedule> fleet =
                ScheduleLoader.load(Path.of("..", "pipeline-config", "fleet", "schedules.yaml"));
        assertThat(fleet)
                .extracting(s -> s.hosts().written())
                .containsExactly("all", "{role: prod}");
        assertThat(fleet).allSatisfy(s -> assertThat(s.experiment()).isRegularFile());
        assertThat(fleet.get(1).hosts().matches("server", Map.of("role", "prod", "disk", "raid10")))
                .isTrue();
        assertThat(fleet.get(1).hosts().matches("laptop", Map.of("role", "dev"))).isFalse();
    }
}
