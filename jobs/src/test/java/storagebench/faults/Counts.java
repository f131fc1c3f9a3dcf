package storagebench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.events.TrialTimed;
import storagebench.runner.TopicEvents;
import storagebench.sink.Dataset;
import storagebench.sink.Sink;

/** The counts every fault test ends with: each planned trial of a run exactly once, in the topic and the dataset. */
final class Counts {
    private Counts() {}

    static Settings settings(Path data) {
        return Settings.load(null, Map.of(), Map.of("data-dir", data.toString()));
    }

    /** Asserts that run {@code runId} has trials 0 … planned-1, each once, read_committed from the topic. */
    static void exactlyOnceInTopic(KafkaConnection kafka, String runId, int planned)
            throws Exception {
        List<Integer> indexes =
                TopicEvents.of(TopicEvents.all(kafka), TrialTimed.class).stream()
                        .filter(t -> t.getRunId().equals(runId) && t.getPhase().equals("measured"))
                        .map(TrialTimed::getTrialIndex)
                        .sorted()
                        .toList();
        List<Integer> expected = IntStream.range(0, planned).boxed().toList();
        if (!indexes.equals(expected)) {
            // the whole log of the run, aborted and open transactions too, in the test's report
            System.out.println("the run's events in the log, read_uncommitted:");
            TopicEvents.uncommitted(kafka).stream()
                    .filter(line -> line.contains(runId))
                    .forEach(System.out::println);
        }
        assertThat(indexes)
                .as("measured trials of %s in the topic", runId)
                .containsExactlyElementsOf(expected);
    }

    /** Sinks the topic, then asserts the same of the dataset, and that no event id is in it twice. */
    static void exactlyOnceInDataset(KafkaConnection kafka, Path data, String runId, int planned)
            throws Exception {
        Settings settings = settings(data);
        Sink.runUntilIdle(settings, kafka);
        Dataset dataset = new Dataset(settings.parquetDir());
        List<String> indexes =
                dataset.column(
                        "trials",
                        "trial_index FROM (SELECT * FROM read_parquet('"
                                + settings.parquetDir().resolve("trials")
                                + "/**/*.parquet', hive_partitioning = true, union_by_name"
                                + " = true)) WHERE phase = 'measured' AND run_id = '"
                                + runId
                                + "' ORDER BY trial_index --");
        assertThat(indexes)
                .as("measured trials of %s in the dataset", runId)
                .containsExactlyElementsOf(
                        IntStream.range(0, planned).mapToObj(String::valueOf).toList());
        assertThat(dataset.rows("trials")).isEqualTo(dataset.distinctEventIds("trials"));
    }

    /** The ids of the runs under the data directory, oldest first. */
    static List<String> runs(Path data) throws Exception {
        Path runs = data.resolve("runs");
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(runs)) {
            return all.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
