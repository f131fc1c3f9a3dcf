package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {
    @TempDir Path dir;

    @Test
    void layersDefaultsFileEnvironmentAndOverrides() throws Exception {
        // given
        Path file = dir.resolve("s.properties");
        Files.writeString(
                file,
                """
                data-dir=/from/file
                kafka.bootstrap-servers=broker:9092
                kafka.client.security.protocol=SASL_SSL
                job-repository.password=secret
                """);
        // when
        Settings s =
                Settings.load(
                        file,
                        Map.of("STORAGEBENCH_DATA_DIR", "/from/env"),
                        Map.of("kafka.topic", "t1"));
        // then
        assertThat(s.dataDir()).isEqualTo(Path.of("/from/env"));
        assertThat(s.bootstrapServers()).contains("broker:9092");
        assertThat(s.kafkaClient()).containsEntry("security.protocol", "SASL_SSL");
        assertThat(s.topic()).isEqualTo("t1");
        assertThat(s.deadLetterTopic()).isEqualTo("t1.dead-letter");
        assertThat(s.jobRepositoryPassword()).contains("secret");
        assertThat(s.toString()).doesNotContain("secret");
    }

    @Test
    void defaultsNeedNoFile() {
        // when
        Settings s = Settings.load(null, Map.of(), Map.of());
        // then
        assertThat(s.dataDir()).isEqualTo(Path.of("data"));
        assertThat(s.bootstrapServers()).isEmpty();
        assertThat(s.sinkRollRows()).isPositive();
        assertThat(s.minFreeSpace()).isEqualTo(256L << 20);
    }

    @Test
    void theDiskFloorIsASizeOrZero() {
        assertThat(
                        Settings.load(null, Map.of(), Map.of("run.min-free-space", "1GB"))
                                .minFreeSpace())
                .isEqualTo(1L << 30);
        assertThat(Settings.load(null, Map.of(), Map.of("run.min-free-space", "0")).minFreeSpace())
                .isZero();
        assertThatThrownBy(
                        () -> Settings.load(null, Map.of(), Map.of("run.min-free-space", "lots")))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessageEndingWith(
                        ": setting 'run.min-free-space' must be a size such as 256MB, or 0 (not "
                                + "checked), got 'lots'");
    }

    @Test
    void unknownOrBadSettingsAreRefusedWithTheirSource() throws Exception {
        Path file = dir.resolve("s.properties");
        Files.writeString(file, "kafka.bootstrap=x\n");
        assertThatThrownBy(() -> Settings.load(file, Map.of(), Map.of()))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessageContaining("s.properties: unknown setting 'kafka.bootstrap'");
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("sink.roll-rows", "-3")))
                .hasMessageContaining("'sink.roll-rows' must be a positive whole number");
        assertThatThrownBy(() -> Settings.load(dir.resolve("missing"), Map.of(), Map.of()))
                .hasMessageContaining("cannot read settings");
    }
}
