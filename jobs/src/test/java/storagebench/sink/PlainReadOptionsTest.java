package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.common.TopicPartition;
import org.apache.parquet.ParquetReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.TrialTimed;
import storagebench.storage.LocalStore;

/**
 * The sink writes a local dataset and reads back the event ids of its files without Hadoop: the read
 * options are made without Parquet's builder, and nothing on either path loads a Hadoop class.
 */
class PlainReadOptionsTest {
    @TempDir Path dataset;

    @Test
    void theOptionsDecompressWithTheGivenCodecsAndFilterNothing() {
        // when
        ParquetReadOptions options = PlainReadOptions.of(ZstdCodecs.INSTANCE);
        // then
        assertThat(options.getCodecFactory()).isSameAs(ZstdCodecs.INSTANCE);
        assertThat(options.useStatsFilter()).isFalse();
        assertThat(options.useDictionaryFilter()).isFalse();
        assertThat(options.useRecordFilter()).isFalse();
        assertThat(options.useBloomFilter()).isFalse();
        assertThat(options.useHadoopVectoredIo()).isFalse();
    }

    @Test
    void aDatasetsIdsAreReadWhereNoHadoopClassCanBeLoaded() throws Exception {
        // given: a class loader of this class path that refuses every Hadoop class
        List<URL> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            path.add(new File(entry).toURI().toURL());
        }
        try (URLClassLoader withoutHadoop =
                new URLClassLoader(path.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()) {
                    @Override
                    protected Class<?> loadClass(String name, boolean resolve)
                            throws ClassNotFoundException {
                        if (name.startsWith("org.apache.hadoop.")) {
                            throw new ClassNotFoundException(name + " (refused by the test)");
                        }
                        return super.loadClass(name, resolve);
                    }
                }) {
            // when: the sink's writer makes a dataset of three trials there, and its index reads it
            Class<?> reader = withoutHadoop.loadClass(IdsCount.class.getName());
            int ids = (int) reader.getMethod("count", Path.class).invoke(null, dataset);
            // then
            assertThat(ids).isEqualTo(3);
        }
    }

    /**
     * Runs in the test's class loader without Hadoop: writes three trials into a dataset, then says how
     * many ids its partition 0 holds.
     */
    public static final class IdsCount {
        private IdsCount() {}

        public static int count(Path dataset) throws IOException {
            List<TrialTimed> trials =
                    IntStream.range(0, 3)
                            .mapToObj(
                                    i ->
                                            TestEvents.trial(
                                                    "r",
                                                    "x",
                                                    i,
                                                    Instant.parse("2024-01-01T12:00:00Z")))
                            .toList();
            TestEvents.writeDataset(dataset, trials);
            TopicPartition p = new TopicPartition("t", 0);
            return DatasetIds.read(new LocalStore(dataset), Set.of(p)).get(p).size();
        }
    }
}
