package storagebench.workload.filegroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.workload.Params;
import storagebench.workload.Phase;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.WorkloadContractTest;

class LocalFilegroupInsertTest extends WorkloadContractTest {
    private static final int PAGE = 8192;
    private final LocalFilegroupInsert workload = new LocalFilegroupInsert();
    private Map<String, Double> metrics;

    @Override
    protected Workload workload() {
        return workload;
    }

    @Override
    protected Map<String, Object> smallVariant() {
        return variant(3, 1L << 20, 100);
    }

    private static Map<String, Object> variant(int files, long fileSize, int rows) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("files", files);
        v.put("file-size", fileSize);
        v.put("rows", rows);
        v.put("page-size", (long) PAGE);
        v.put("presize", "instant");
        v.put("log-record", "full");
        v.put("sync", "fsync");
        return v;
    }

    /** Runs the steps up to a phase and returns the trial's directory. */
    private Path run(Map<String, Object> variant, Phase until) throws Exception {
        target().prepare();
        List<Step> steps =
                workload.steps(
                        new TrialContext(
                                "r",
                                "e",
                                "h",
                                "t1",
                                Map.of(),
                                target(),
                                new Params(variant),
                                dir.resolve("out")));
        for (Step step : steps) {
            if (step.phase().ordinal() <= until.ordinal()) {
                Map<String, Double> m = step.action().run();
                metrics = step.phase() == Phase.MEASURED ? m : metrics;
            }
        }
        return target().directory().resolve("filegroup-insert").resolve("t1");
    }

    @Test
    void everyRowIsOnePageAndOneFullLogRecord() throws Exception {
        // when
        Path trial = run(variant(3, 1L << 20, 100), Phase.MEASURED);
        // then
        int record = WriteAheadLog.HEADER_BYTES + PAGE;
        Path log = trial.resolve("log.ldf");
        assertThat(Files.size(log)).isEqualTo(100L * record);
        try (FileChannel ch = FileChannel.open(log)) {
            for (int r = 0; r < 100; r++) {
                ByteBuffer header = ByteBuffer.allocate(WriteAheadLog.HEADER_BYTES);
                ch.read(header, (long) r * record);
                assertThat(header.getInt(0))
                        .as("magic of record %d", r + 1)
                        .isEqualTo(WriteAheadLog.MAGIC);
                assertThat(header.getInt(4)).isEqualTo(record);
                assertThat(header.getLong(8)).as("sequence number").isEqualTo(r + 1);
                assertThat(header.getLong(16)).as("row").isEqualTo(r + 1);
            }
        }
        assertThat(metrics)
                .containsEntry("rows", 100.0)
                .containsEntry("log_records", 100.0)
                .containsEntry("log_bytes", 100.0 * record)
                .containsEntry("bytes_written", 100.0 * PAGE)
                .containsEntry("files", 3.0);
    }

    @Test
    void headerOnlyRecordsCarryNoPageImage() throws Exception {
        // given
        Map<String, Object> variant = variant(2, 1L << 20, 50);
        variant.put("log-record", "header");
        variant.put("sync", "none");
        // when
        Path trial = run(variant, Phase.MEASURED);
        // then
        assertThat(Files.size(trial.resolve("log.ldf")))
                .isEqualTo(50L * WriteAheadLog.HEADER_BYTES);
        assertThat(metrics)
                .containsEntry("log_records", 50.0)
                .containsEntry("log_bytes", 50.0 * 64);
    }

    @Test
    void aPageHoldsTheRowProportionalFillPutThere() throws Exception {
        // when: 2 files, so rows 1-8 go to file 1, rows 9-16 to file 2, row 17 to page 8 of file 1
        Path trial = run(variant(2, 1L << 20, 40), Phase.MEASURED);
        // then
        assertThat(rowAt(trial.resolve("data001.ndf"), 0)).isEqualTo(1);
        assertThat(rowAt(trial.resolve("data002.ndf"), 0)).isEqualTo(9);
        assertThat(rowAt(trial.resolve("data001.ndf"), 8)).isEqualTo(17);
        assertThat(rowAt(trial.resolve("data002.ndf"), 15)).isEqualTo(32);
        assertThat(rowAt(trial.resolve("data001.ndf"), 20)).isEqualTo(37);
        assertThat(rowAt(trial.resolve("data001.ndf"), 24)).as("never written").isZero();
        assertThat(metrics)
                .containsEntry("pages_file_001", 24.0)
                .containsEntry("pages_file_002", 16.0);
        assertThat(metrics.get("fill_max_deviation_pages")).isLessThanOrEqualTo(8.0);
    }

    @Test
    void presizedFilesHaveTheirFullSize() throws Exception {
        // given
        Map<String, Object> variant = variant(2, 1L << 20, 1);
        variant.put("presize", "zero");
        // when
        Path trial = run(variant, Phase.SETUP);
        // then
        assertThat(Files.size(trial.resolve("data001.ndf"))).isEqualTo(1L << 20);
        assertThat(Files.size(trial.resolve("data002.ndf"))).isEqualTo(1L << 20);
        assertThat(Files.size(trial.resolve("log.ldf")))
                .isEqualTo(WriteAheadLog.HEADER_BYTES + PAGE);
    }

    @Test
    void refusesMoreRowsThanTheFilegroupHolds() {
        // given: 2 files of 1 MiB hold 256 pages of 8 KiB
        Params full = new Params(variant(2, 1L << 20, 257));
        // when / then
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(), List.of(new Params(smallVariant()), full)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("filegroup is full")
                .hasMessageContaining("257 rows need 257 pages but 2 files × 1 MiB hold 256 pages");
    }

    @Test
    void refusesFileSizesThatAreNotWholeExtents() {
        Params odd = new Params(variant(2, 100_000, 1));
        assertThatThrownBy(() -> workload.preflight(target(), List.of(odd)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("not a whole number of extents");
    }

    @Test
    void refusesVariantsThatWouldNotFitOnTheDisk() {
        Params huge = new Params(variant(500, 1L << 40, 1));
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(), List.of(new Params(smallVariant()), huge)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("500 files × 1 TiB")
                .hasMessageContaining("is free on that disk");
    }

    private static long rowAt(Path file, long page) throws Exception {
        try (FileChannel ch = FileChannel.open(file)) {
            ByteBuffer buffer = ByteBuffer.allocate(PAGE);
            ch.read(buffer, page * PAGE);
            return RowPage.row(buffer);
        }
    }
}
