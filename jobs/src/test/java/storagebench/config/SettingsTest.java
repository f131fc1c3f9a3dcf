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
    void theHostIsSampledEverySecondByDefaultAtAnyIntervalOfTenMillisecondsOrMoreOrNot() {
        assertThat(Settings.load(null, Map.of(), Map.of()).hostSampleInterval())
                .isEqualTo(java.time.Duration.ofSeconds(1));
        assertThat(
                        Settings.load(null, Map.of(), Map.of("host.sample-interval", "100ms"))
                                .hostSampleInterval())
                .isEqualTo(java.time.Duration.ofMillis(100));
        assertThat(
                        Settings.load(null, Map.of(), Map.of("host.sample-interval", "0"))
                                .hostSampleInterval())
                .isZero();
        for (String bad : new String[] {"5", "5ms", "soon"}) {
            assertThatThrownBy(
                            () ->
                                    Settings.load(
                                            null, Map.of(), Map.of("host.sample-interval", bad)))
                    .isInstanceOf(Settings.SettingsException.class)
                    .hasMessageEndingWith(
                            ": setting 'host.sample-interval' must be a duration of at least 10ms"
                                    + " (500ms, 1s, 1m) or 0 for off, got '"
                                    + bad
                                    + "'");
        }
    }

    @Test
    void unknownOrBadSettingsAreRefusedWithTheirSource() throws Exception {
        Path file = dir.resolve("s.properties");
        Files.writeString(file, "kafka.bootstrap=x\n");
        assertThatThrownBy(() -> Settings.load(file, Map.of(), Map.of()))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessageContaining("s.properties:1: unknown setting 'kafka.bootstrap'");
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("sink.roll-rows", "-3")))
                .hasMessageContaining("'sink.roll-rows' must be a positive whole number");
        assertThatThrownBy(() -> Settings.load(dir.resolve("missing"), Map.of(), Map.of()))
                .hasMessage(dir.resolve("missing") + ": no such file");
    }

    @Test
    void theTopicLayoutIsChosenByTheClusterUnlessGiven() {
        // given: nothing set
        TopicLayout auto = Settings.load(null, Map.of(), Map.of()).topicLayout();
        // then: one partition on the embedded broker, six on a cluster, min(3, brokers) replicas
        assertThat(auto.partitionsFor(true)).isEqualTo(1);
        assertThat(auto.partitionsFor(false)).isEqualTo(6);
        assertThat(auto.replicationFor(1)).isEqualTo(1);
        assertThat(auto.replicationFor(5)).isEqualTo(3);
        assertThat(auto.minInsyncFor(3)).isEqualTo(2);
        assertThat(auto.minInsyncFor(1)).isEqualTo(1);
        assertThat(auto.requireDurable()).isFalse();
        // when: given
        TopicLayout given =
                Settings.load(
                                null,
                                Map.of(),
                                Map.of(
                                        "kafka.partitions", "12",
                                        "kafka.replication-factor", "2",
                                        "kafka.min-insync-replicas", "2",
                                        "kafka.require-durable", "true"))
                        .topicLayout();
        // then
        assertThat(given.partitionsFor(true)).isEqualTo(12);
        assertThat(given.replicationFor(5)).isEqualTo(2);
        assertThat(given.minInsyncFor(2)).isEqualTo(2);
        assertThat(given.requireDurable()).isTrue();
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("kafka.partitions", "0")))
                .hasMessageContaining("'kafka.partitions' must be a positive whole number");
        assertThatThrownBy(
                        () -> Settings.load(null, Map.of(), Map.of("kafka.require-durable", "yes")))
                .hasMessageContaining("'kafka.require-durable' must be true or false, got 'yes'");
    }

    @Test
    void theDatasetIsALocalFolderOrAHadoopUrl() {
        // local: the default, a path, a file: URL
        assertThat(Settings.load(null, Map.of(), Map.of()).parquetDir())
                .isEqualTo(Path.of("data", "parquet"));
        assertThat(Settings.load(null, Map.of(), Map.of("dataset.url", "/srv/ds")).parquetDir())
                .isEqualTo(Path.of("/srv/ds"));
        assertThat(
                        Settings.load(null, Map.of(), Map.of("dataset.url", "file:///srv/ds"))
                                .parquetDir())
                .isEqualTo(Path.of("/srv/ds"));
        // remote, with its Hadoop configuration
        Settings s3 =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of(
                                "dataset.url", "s3a://bucket/ds",
                                "hadoop.fs.s3a.endpoint", "http://127.0.0.1:9000",
                                "hadoop.fs.s3a.secret.key", "s3cr3t"));
        assertThat(s3.dataset().remote()).isTrue();
        assertThat(s3.dataset().hadoop()).containsEntry("fs.s3a.endpoint", "http://127.0.0.1:9000");
        assertThat(s3.toString()).contains("s3a://bucket/ds").doesNotContain("s3cr3t");
        // refused: an unknown scheme, credentials in the URL, no bucket
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("dataset.url", "s3://b/ds")))
                .hasMessageContaining("has the scheme 's3'")
                .hasMessageContaining("(S3 is s3a://)");
        assertThatThrownBy(
                        () ->
                                Settings.load(
                                        null, Map.of(), Map.of("dataset.url", "s3a://AK:SK@b/ds")))
                .hasMessageContaining("holds credentials")
                .hasMessageNotContaining("SK");
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("dataset.url", "hdfs:///ds")))
                .hasMessageContaining("names no namenode");
    }

    @Test
    void theHostIsNamedAndLabelledBySettings() {
        // given nothing: the machine's hostname, no labels
        HostIdentity machine = Settings.load(null, Map.of(), Map.of()).host();
        assertThat(machine.givenName()).isEmpty();
        assertThat(machine.name()).isEqualTo(storagebench.Hostname.get());
        assertThat(machine.labels()).isEmpty();
        // when given
        HostIdentity given =
                Settings.load(
                                null,
                                Map.of(),
                                Map.of(
                                        "host.name", "laptop",
                                        "host.labels", "role=dev, disk=nvme"))
                        .host();
        // then
        assertThat(given.name()).isEqualTo("laptop");
        assertThat(given.labels())
                .containsExactly(Map.entry("disk", "nvme"), Map.entry("role", "dev"));
    }

    @Test
    void aBadHostNameOrLabelIsRefusedNamingTheSettingAndTheEntry() throws Exception {
        Path file = dir.resolve("s.properties");
        Files.writeString(file, "host.labels=role=dev,disk nvme\n");
        assertThatThrownBy(() -> Settings.load(file, Map.of(), Map.of()))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessage(
                        file
                                + ":1: setting 'host.labels' (key=value,key=value): entry 'disk nvme':"
                                + " not key=value");
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("host.labels", "role=dev,")))
                .hasMessageEndingWith(
                        "setting 'host.labels' (key=value,key=value): entry '': not key=value");
        assertThatThrownBy(
                        () -> Settings.load(null, Map.of(), Map.of("host.labels", "role=a,role=b")))
                .hasMessageEndingWith("entry 'role=b': the key 'role' is given twice");
        assertThatThrownBy(() -> Settings.load(null, Map.of(), Map.of("host.name", "my laptop")))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessageEndingWith(
                        ": setting 'host.name': a host's name holds only letters, digits, '.', '_'"
                                + " and '-', and begins with a letter or digit, got 'my laptop'");
    }

    @Test
    void aBadValueIsNamedWhereItWasGivenTheFileAndLineTheVariableOrTheOption() throws Exception {
        // given a settings file with comments, blank lines and a value continued on a second line
        Path file = dir.resolve("s.properties");
        Files.writeString(
                file,
                "# where the data goes \\\n"
                        + "\n"
                        + "sink.roll-rows = 1000\n"
                        + "host.labels=role=dev,\\\n"
                        + "    disk=nvme\n"
                        + "! the floor\n"
                        + "run.min-free-space:lots\n");

        // then the file and the line of the key
        assertThatThrownBy(() -> Settings.load(file, Map.of(), Map.of()))
                .isInstanceOf(Settings.SettingsException.class)
                .hasMessage(
                        file
                                + ":7: setting 'run.min-free-space' must be a size such as 256MB, or"
                                + " 0 (not checked), got 'lots'");
        // the environment variable
        assertThatThrownBy(
                        () ->
                                Settings.load(
                                        null,
                                        Map.of("STORAGEBENCH_DB_WAIT_SAMPLE_INTERVAL", "soon"),
                                        Map.of()))
                .hasMessageStartingWith(
                        "STORAGEBENCH_DB_WAIT_SAMPLE_INTERVAL: setting 'db.wait-sample-interval'");
        // the option, which wins over the file
        assertThatThrownBy(
                        () -> Settings.load(file, Map.of(), Map.of("run.min-free-space", "heaps")))
                .hasMessageStartingWith("--set: setting 'run.min-free-space'")
                .hasMessageEndingWith("got 'heaps'");
        // and the lines the file's keys are on when nothing is wrong
        Files.writeString(file, Files.readString(file).replace("lots", "1GB"));
        Settings settings = Settings.load(file, Map.of(), Map.of());
        assertThat(settings.sinkRollRows()).isEqualTo(1000);
        assertThat(settings.host().labels())
                .containsExactly(Map.entry("disk", "nvme"), Map.entry("role", "dev"));
        Files.writeString(file, "sink.roll-rows=1000\nsink.roll-rows=-1\n");
        assertThatThrownBy(() -> Settings.load(file, Map.of(), Map.of()))
                .hasMessageStartingWith(file + ":2: setting 'sink.roll-rows'");
    }
}
