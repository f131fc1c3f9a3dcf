package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;

/**
 * The same events published twice reach the dataset once, with a {@code kill -9} of the sink between
 * the two copies: what the killed sink had only in open files is written again, and every event of
 * the second copy is dropped, whether its first copy is in a finished file or only in an open one.
 */
class SinkDuplicatesIT {
    private static final Instant START = Instant.parse("2024-03-01T08:00:00Z");

    @TempDir Path tmp;

    @Test
    void eventsPublishedTwiceAreInTheDatasetOnceAcrossAKilledSink() throws Exception {
        // given: three runs in the topic, and a sink that rolled some of them and holds the rest in
        // open files
        Settings brokerSettings =
                Settings.load(null, Map.of(), Map.of("data-dir", tmp.resolve("broker").toString()));
        Path dataset = tmp.resolve("sink/parquet");
        try (KafkaConnection kafka = KafkaConnection.open(brokerSettings)) {
            String topic = brokerSettings.topic();
            List<SpecificRecord> first = new ArrayList<>();
            for (int run = 0; run < 3; run++) {
                first.addAll(TestEvents.run("dup-" + run, 30, START.plusSeconds(run * 3600L)));
            }
            TestEvents.publish(kafka, topic, first, 8);
            String[] args = {
                "--data-dir",
                tmp.resolve("sink").toString(),
                "--bootstrap-servers",
                kafka.bootstrapServers(),
                "--set",
                "sink.roll-rows=40",
                "--set",
                "sink.idle-roll-seconds=600"
            };
            SinkProcess killed = SinkProcess.start(tmp.resolve("logs"), "killed", args);
            Path marker = OffsetMarker.fileOf(dataset, topic, 0);
            SinkCrashIT.awaitMarkerBeyond(marker, 0, killed);
            SinkCrashIT.awaitTempFiles(dataset, 1, killed);
            Thread.sleep(1500);
            killed.kill();
            long committed =
                    new Dataset(dataset).rows("trials")
                            + new Dataset(dataset).rows("runs")
                            + new Dataset(dataset).rows("run_finished");
            assertThat(committed)
                    .as("rolled before the kill")
                    .isBetween(40L, (long) first.size() - 1);

            // when: the same events again (a producer that sent them twice), then a new run; a sink
            // restarted
            List<SpecificRecord> fresh = TestEvents.run("dup-new", 5, START.plusSeconds(86_400));
            TestEvents.publish(kafka, topic, first, 5);
            TestEvents.publish(kafka, topic, fresh, 5);
            SinkProcess restarted =
                    SinkProcess.start(
                            tmp.resolve("logs"), "restarted", append(args, "--until-idle"));
            int exit = restarted.waitFor(120);

            // then: the killed sink's open files written again, every second copy dropped and
            // counted
            List<SpecificRecord> all = new ArrayList<>(first);
            all.addAll(fresh);
            assertThat(exit).as(restarted.output()).isZero();
            SinkIT.assertExactlyOnce(new Dataset(dataset), all);
            assertThat(restarted.output())
                    .contains("sink: " + (all.size() - committed) + " rows")
                    .contains(first.size() + " duplicates dropped")
                    .contains("dropped " + first.size() + " duplicate event(s)")
                    .contains(TestEvents.eventId(first.get(0)));
            assertThat(SinkCrashIT.tempFiles(dataset)).isZero();

            // and when: a replay into a new folder drops the second copies the same way
            Path target = tmp.resolve("replayed");
            Replay.Request request = new Replay.Request(target, Optional.empty(), Optional.empty());
            Replay.prepare(brokerSettings, request);
            SinkResult replayed = Replay.run(brokerSettings, kafka, request);
            // then
            assertThat(replayed.rows()).isEqualTo(all.size());
            assertThat(replayed.duplicates()).isEqualTo(first.size());
            SinkIT.assertExactlyOnce(new Dataset(target), all);
            assertThat(Files.exists(target.resolve(Replay.RECORD))).isTrue();
        }
    }

    private static String[] append(String[] args, String arg) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = arg;
        return all;
    }
}
