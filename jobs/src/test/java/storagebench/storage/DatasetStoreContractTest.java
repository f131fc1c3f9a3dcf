package storagebench.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link DatasetStore} promises, on real storage: a staged file is invisible under its final
 * name until published, then whole; a discarded one leaves no trace; markers are replaced whole; names
 * with Hive escapes, {@code +}, {@code =} and non-ASCII letters come back as they went in; another
 * store on the same dataset (another process) sees what was published. Each store's test extends
 * this with a way to open a store, twice, on one dataset.
 */
public abstract class DatasetStoreContractTest {
    protected static final String FOLDER =
            "trials/experiment=caf\u00e9%20\u00fc%2Fx%3D1/date=2024-01-01";
    private static final String TEMP = ".storagebench.events+0+00000000000000000007.tmp";
    private static final String FINAL =
            "storagebench.events+0+00000000000000000007+00000000000000000009.parquet";

    @TempDir protected Path dir;

    private DatasetStore store;

    /** A store on this test's dataset; each call another instance, as another process would have. */
    protected abstract DatasetStore open() throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = open();
    }

    @AfterEach
    void closeStore() {
        store.close();
    }

    private static byte[] bytes(int n) {
        byte[] bytes = new byte[n];
        new Random(n).nextBytes(bytes);
        return bytes;
    }

    private DatasetStore.Staged staged(byte[] content) throws IOException {
        DatasetStore.Staged staged = store.stage(FOLDER, TEMP);
        Files.write(staged.local(), content);
        return staged;
    }

    private static byte[] readAll(DatasetStore store, String file) throws IOException {
        try (SeekableByteChannel channel = store.open(file)) {
            ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // until full
            }
            return buffer.array();
        }
    }

    @Test
    void aNewDatasetHoldsNothing() throws IOException {
        assertThat(store.list("")).isEmpty();
        assertThat(store.list(DatasetStore.MARKERS)).isEmpty();
        assertThat(store.readMarker("t+0")).isEmpty();
        assertThat(store.describe()).isNotBlank();
    }

    @Test
    void aPublishedFileIsThereWholeUnderItsFinalNameAndNothingElseIs() throws Exception {
        // given
        byte[] content = bytes(3 * 1024 * 1024 + 17);
        DatasetStore.Staged staged = staged(content);
        // when
        String path = store.publish(staged, FINAL);
        // then
        assertThat(path).isEqualTo(FOLDER + "/" + FINAL);
        assertThat(store.list("")).containsExactly(path);
        try (DatasetStore other = open()) {
            assertThat(other.list("")).containsExactly(path);
            assertThat(readAll(other, path)).isEqualTo(content);
        }
        assertThat(staged.local()).doesNotExist();
    }

    @Test
    void aFileIsReadAtAnyPosition() throws Exception {
        // given
        byte[] content = bytes(200_000);
        String path = store.publish(staged(content), FINAL);
        try (SeekableByteChannel channel = store.open(path)) {
            // when: the end first, as Parquet's footer is read, then the middle
            ByteBuffer tail = ByteBuffer.allocate(8);
            channel.position(content.length - 8);
            channel.read(tail);
            ByteBuffer middle = ByteBuffer.allocateDirect(1000);
            channel.position(100_000);
            while (middle.hasRemaining()) {
                channel.read(middle);
            }
            // then
            assertThat(channel.size()).isEqualTo(content.length);
            assertThat(channel.position()).isEqualTo(101_000);
            assertThat(tail.array())
                    .isEqualTo(Arrays.copyOfRange(content, content.length - 8, content.length));
            byte[] read = new byte[1000];
            middle.flip().get(read);
            assertThat(read).isEqualTo(Arrays.copyOfRange(content, 100_000, 101_000));
        }
    }

    @Test
    void aStagedFileIsListedUnderItsTemporaryNameOnlyAndADiscardedOneNotAtAll() throws Exception {
        // given
        DatasetStore.Staged staged = staged(bytes(1000));
        // when
        var whileStaged = store.list("");
        store.discard(staged);
        // then
        assertThat(whileStaged).containsExactly(FOLDER + "/" + TEMP);
        assertThat(store.list("")).isEmpty();
        assertThat(staged.local()).doesNotExist();
    }

    @Test
    void aLeftoverStagedFileCanBeDeletedByItsPath() throws Exception {
        // given: a file staged by a process that died
        DatasetStore.Staged staged = staged(bytes(1000));
        // when
        store.delete(staged.path());
        // then
        assertThat(store.list("")).isEmpty();
    }

    @Test
    void aDeletedFileIsGoneAndDeletingAMissingOneIsHarmless() throws Exception {
        // given
        String path = store.publish(staged(bytes(10)), FINAL);
        // when
        store.delete(path);
        store.delete(path);
        store.delete("runs/no-such-file.parquet");
        // then
        assertThat(store.list("")).isEmpty();
    }

    @Test
    void aMarkerIsReplacedWhole() throws Exception {
        // given
        store.writeMarker("storagebench.events+0", "12\n");
        // when
        store.writeMarker("storagebench.events+0", "1234567\n");
        store.writeMarker("storagebench.events+1", "5\n");
        // then
        assertThat(store.readMarker("storagebench.events+0")).contains("1234567\n");
        try (DatasetStore other = open()) {
            assertThat(other.readMarker("storagebench.events+1")).contains("5\n");
        }
        assertThat(store.list(DatasetStore.MARKERS))
                .containsExactlyInAnyOrder(
                        DatasetStore.MARKERS + "/storagebench.events+0",
                        DatasetStore.MARKERS + "/storagebench.events+1");
    }

    @Test
    void listingAFolderListsOnlyWhatIsUnderIt() throws Exception {
        // given
        String trial = store.publish(staged(bytes(10)), FINAL);
        DatasetStore.Staged run = store.stage("runs/experiment=x/date=2024-01-01", TEMP);
        Files.writeString(run.local(), "run", StandardCharsets.UTF_8);
        String runFile = store.publish(run, FINAL);
        store.writeMarker("storagebench.events+0", "10\n");
        // when
        var trials = store.list("trials");
        var runs = store.list("runs");
        var all = store.list("");
        // then
        assertThat(trials).containsExactly(trial);
        assertThat(runs).containsExactly(runFile);
        assertThat(all)
                .containsExactlyInAnyOrder(
                        trial, runFile, DatasetStore.MARKERS + "/storagebench.events+0");
        assertThat(store.list("io_samples")).isEmpty();
    }
}
