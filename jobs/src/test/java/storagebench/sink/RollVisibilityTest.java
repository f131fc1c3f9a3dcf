package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.storage.DatasetStore;
import storagebench.storage.LocalStore;

/**
 * A sink that dies between two files of one roll, or between two deletions of its recovery, never
 * leaves a reader a run without its trials: at 20 seeded random points, the dataset as README's views
 * read it shows every visible run with all the trials of its roll, and every finished run with all its
 * trials; recovery then brings it back to exactly the rolls whose marker moved.
 */
class RollVisibilityTest {
    private static final String TOPIC = "storagebench.events";
    private static final Instant DAY = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir Path dataset;

    @Test
    void noKillBetweenFilesOrDeletionsShowsARunWithoutItsTrials() throws Exception {
        long seed = Long.getLong("crash.seed", 20261203L);
        Random random = new Random(seed);
        Map<String, Integer> trialsOf = new HashMap<>();
        long offset = 0;
        int kills = 0;
        for (int roll = 0; kills < 20; roll++) {
            // given: a roll of two to four whole runs of two experiments over two days (several
            // files per table), and the kill at a random publication or deletion
            List<SpecificRecord> events = new ArrayList<>();
            for (int r = random.nextInt(3) + 2; r > 0; r--) {
                int trials = random.nextInt(5) + 1;
                String experiment = random.nextBoolean() ? "e1" : "e2";
                List<SpecificRecord> run =
                        TestEvents.run(experiment, trials, DAY.plusSeconds(86_400L * (r % 2)));
                trialsOf.put(TestEvents.runId(run.get(0)), trials);
                events.addAll(run);
            }
            int files = filesOf(events);
            int killAt = random.nextInt(files);
            // when: the roll dies after killAt of its files are published
            try (RecordWriter writer = writer(new Crashing(new LocalStore(dataset), killAt, 99))) {
                for (SpecificRecord event : events) {
                    writer.write(event, offset++);
                }
                if (killAt < files) {
                    assertThatThrownBy(writer::commit).hasMessageContaining("killed");
                }
            }
            kills++;
            // then: what a reader sees now holds
            assertRunsHaveTheirTrials(trialsOf);
            // and: recovery killed part way through deletions holds too, and a full one leaves
            // only the rolls before the marker
            int deletions = random.nextInt(Math.max(1, killAt));
            try {
                new Recovery(new Crashing(new LocalStore(dataset), 99, deletions))
                        .recover(TOPIC, 0);
            } catch (RuntimeException e) {
                assertThat(e).hasMessageContaining("killed");
            }
            assertRunsHaveTheirTrials(trialsOf);
            new Recovery(new LocalStore(dataset)).recover(TOPIC, 0);
            assertRunsHaveTheirTrials(trialsOf);
            // and: the roll done again, whole, moves the marker
            long first = offset - events.size();
            try (RecordWriter writer = writer(new LocalStore(dataset))) {
                for (int i = 0; i < events.size(); i++) {
                    writer.write(events.get(i), first + i);
                }
                writer.commit();
            }
            new OffsetMarker(new LocalStore(dataset)).write(TOPIC, 0, offset);
            assertRunsHaveTheirTrials(trialsOf);
            assertThat(count("SELECT count(DISTINCT run_id) FROM runs"))
                    .as("seed %d", seed)
                    .isEqualTo(trialsOf.size());
        }
    }

    /** Each visible run shows all its trials (each roll holds whole runs), and so does each finish. */
    private void assertRunsHaveTheirTrials(Map<String, Integer> trialsOf) throws SQLException {
        Map<String, Long> visible =
                counts(
                        "SELECT r.run_id, (SELECT count(*) FROM trials t WHERE t.run_id = r.run_id)"
                                + " FROM runs r");
        visible.forEach(
                (run, trials) ->
                        assertThat(trials)
                                .as("trials of visible run %s", run)
                                .isEqualTo(trialsOf.get(run).longValue()));
        if (hasFiles("run_finished")) {
            Map<String, Long> finished =
                    counts(
                            "SELECT f.run_id, (SELECT count(*) FROM trials t WHERE t.run_id ="
                                    + " f.run_id) FROM read_parquet('"
                                    + dataset.resolve("run_finished")
                                    + "/**/*.parquet', hive_partitioning = true) f");
            finished.forEach(
                    (run, trials) ->
                            assertThat(trials)
                                    .as("trials of finished run %s", run)
                                    .isEqualTo(trialsOf.get(run).longValue()));
        }
    }

    private Map<String, Long> counts(String sql) throws SQLException {
        Map<String, Long> counts = new HashMap<>();
        if (!hasFiles("runs") || !hasFiles("trials")) {
            return counts;
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            Views.define(s, dataset);
            try (ResultSet rows = s.executeQuery(sql)) {
                while (rows.next()) {
                    counts.put(rows.getString(1), rows.getLong(2));
                }
            }
        }
        return counts;
    }

    private boolean hasFiles(String table) {
        if (!Files.isDirectory(dataset.resolve(table))) {
            return false;
        }
        try (var files = Files.walk(dataset.resolve(table))) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".parquet"));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private long count(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            Views.define(s, dataset);
            try (ResultSet rows = s.executeQuery(sql)) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static RecordWriter writer(DatasetStore store) {
        return new FanOutWriter(store, TOPIC, 0, new HivePartitioner(), new ParquetFormat(1 << 20));
    }

    /** How many files a roll of {@code events} makes: one per table, experiment and day. */
    private static int filesOf(List<SpecificRecord> events) {
        HivePartitioner partitioner = new HivePartitioner();
        return (int)
                events.stream()
                        .map(e -> partitioner.folderOf(storagebench.events.EventType.of(e), e))
                        .distinct()
                        .count();
    }

    /** The local store, "killed" after a number of publications or of deletions. */
    private static final class Crashing implements DatasetStore {
        private final DatasetStore store;
        private int publications;
        private int deletions;

        Crashing(DatasetStore store, int publications, int deletions) {
            this.store = store;
            this.publications = publications;
            this.deletions = deletions;
        }

        @Override
        public List<String> list(String folder) throws IOException {
            return store.list(folder);
        }

        @Override
        public void delete(String file) throws IOException {
            if (file.endsWith(".parquet") && deletions-- <= 0) {
                throw new IOException("killed before deleting " + file);
            }
            store.delete(file);
        }

        @Override
        public Optional<String> readMarker(String name) throws IOException {
            return store.readMarker(name);
        }

        @Override
        public void writeMarker(String name, String text) throws IOException {
            store.writeMarker(name, text);
        }

        @Override
        public Staged stage(String folder, String name) throws IOException {
            return store.stage(folder, name);
        }

        @Override
        public String publish(Staged file, String finalName) throws IOException {
            if (publications-- <= 0) {
                throw new IOException("killed before publishing " + finalName);
            }
            return store.publish(file, finalName);
        }

        @Override
        public void discard(Staged file) {
            store.discard(file);
        }

        @Override
        public SeekableByteChannel open(String file) throws IOException {
            return store.open(file);
        }

        @Override
        public String describe() {
            return store.describe();
        }

        @Override
        public Optional<Path> localFolder() {
            return store.localFolder();
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
