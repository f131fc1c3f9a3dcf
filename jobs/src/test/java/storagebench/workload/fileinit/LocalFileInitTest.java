package storagebench.workload.fileinit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

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

class LocalFileInitTest extends WorkloadContractTest {
    private final LocalFileInit workload = new LocalFileInit();

    @Override
    protected Workload workload() {
        return workload;
    }

    @Override
    protected Map<String, Object> smallVariant() {
        return variant("zero", 2, 3L << 20);
    }

    private static Map<String, Object> variant(String init, int files, long size) {
        return variant(init, files, size, 0);
    }

    private static Map<String, Object> variant(String init, int files, long size, long growTo) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("init", init);
        v.put("files", files);
        v.put("file-size", size);
        v.put("block-size", 1L << 20);
        v.put("grow-to", growTo);
        return v;
    }

    private Path run(Map<String, Object> variant, Phase until) throws Exception {
        runSteps(variant, until);
        return target().directory().resolve("file-init").resolve("t1");
    }

    /** Runs the steps up to and including the given phase; returns the last step's metrics. */
    private Map<String, Double> runSteps(Map<String, Object> variant, Phase until)
            throws Exception {
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
        Map<String, Double> metrics = Map.of();
        for (Step step : steps) {
            if (step.phase().ordinal() <= until.ordinal()) {
                metrics = step.action().run();
            }
        }
        return metrics;
    }

    private Path file(int i) {
        return target().directory()
                .resolve("file-init")
                .resolve("t1")
                .resolve(String.format("data%03d.ndf", i));
    }

    @Test
    void zeroWritesEveryByteOfEveryFile() throws Exception {
        // when: 2.5 blocks per file, so the last write is partial
        Path trial = run(variant("zero", 3, (5L << 20) / 2), Phase.MEASURED);
        // then
        try (var files = Files.list(trial)) {
            List<Path> all = files.sorted().toList();
            assertThat(all)
                    .extracting(p -> p.getFileName().toString())
                    .containsExactly("data001.ndf", "data002.ndf", "data003.ndf");
            for (Path file : all) {
                assertThat(Files.size(file)).isEqualTo((5L << 20) / 2);
                assertThat(allocatedBytes(file))
                        .as("zeroed files are allocated")
                        .isGreaterThanOrEqualTo(5L << 19);
                try (FileChannel ch = FileChannel.open(file)) {
                    ByteBuffer tail = ByteBuffer.allocate(16);
                    ch.read(tail, Files.size(file) - 16);
                    assertThat(tail.array()).containsOnly((byte) 0);
                }
            }
        }
    }

    @Test
    void instantSetsTheLengthWithoutWritingTheBlocks() throws Exception {
        // when
        Path trial = run(variant("instant", 2, 64L << 20), Phase.MEASURED);
        // then
        Path file = trial.resolve("data001.ndf");
        assertThat(Files.size(file)).isEqualTo(64L << 20);
        assertThat(allocatedBytes(file))
                .as("sparse: far less allocated than its length")
                .isLessThan(1L << 20);
    }

    @Test
    void withGrowToTheFilesAreCreatedUntimedAndTheMeasuredStepGrowsThem() throws Exception {
        // given
        List<Step> steps =
                workload.steps(
                        new TrialContext(
                                "r",
                                "e",
                                "h",
                                "t1",
                                Map.of(),
                                target(),
                                new Params(variant("zero", 2, 1L << 20, 4L << 20)),
                                dir.resolve("out")));
        // when
        runSteps(variant("zero", 2, 1L << 20, 4L << 20), Phase.SETUP);
        // then
        assertThat(steps)
                .extracting(Step::name, Step::phase)
                .containsExactly(
                        tuple("prepare", Phase.SETUP),
                        tuple("create", Phase.SETUP),
                        tuple("grow", Phase.MEASURED),
                        tuple("delete", Phase.CLEANUP));
        assertThat(Files.size(file(1)))
                .as("created at file-size before the measured step")
                .isEqualTo(1L << 20);
        assertThat(Files.size(file(2))).isEqualTo(1L << 20);
    }

    @Test
    void zeroGrowWritesEveryNewByte() throws Exception {
        // when: from 1 MiB to 3.5 MiB, so the last write is partial
        Map<String, Double> metrics =
                runSteps(variant("zero", 2, 1L << 20, (7L << 20) / 2), Phase.MEASURED);
        // then
        for (int i = 1; i <= 2; i++) {
            assertThat(Files.size(file(i))).isEqualTo((7L << 20) / 2);
            assertThat(allocatedBytes(file(i)))
                    .as("grown by writing: allocated")
                    .isGreaterThanOrEqualTo((7L << 20) / 2);
        }
        assertThat(metrics)
                .containsEntry("bytes_written", (double) 2 * (5L << 19))
                .containsEntry("grown_from_bytes", (double) (1L << 20))
                .containsEntry("file_size_bytes", (double) (7L << 20) / 2)
                .containsEntry("total_bytes", (double) 2 * (7L << 20) / 2);
    }

    @Test
    void instantGrowSetsTheLengthWithoutWritingTheBlocks() throws Exception {
        // when
        Map<String, Double> metrics =
                runSteps(variant("instant", 2, 1L << 20, 64L << 20), Phase.MEASURED);
        // then
        assertThat(Files.size(file(1))).isEqualTo(64L << 20);
        assertThat(allocatedBytes(file(1)))
                .as("sparse: far less allocated than its length")
                .isLessThan(1L << 20);
        assertThat(metrics).containsEntry("bytes_written", 2.0);
    }

    @Test
    void growToMustBeLargerThanFileSizeAndFitOnTheDisk() {
        // given
        Params notLarger = new Params(variant("zero", 2, 8L << 20, 8L << 20));
        Params tooLarge = new Params(variant("zero", 2, 8L << 20, 1L << 50));
        // when / then
        assertThatThrownBy(() -> workload.preflight(target(), List.of(notLarger)))
                .isInstanceOf(BadInputException.class)
                .hasMessage("file-init: grow-to (8 MiB) must be larger than file-size (8 MiB)");
        assertThatThrownBy(() -> workload.preflight(target(), List.of(tooLarge)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("2 files × 1024 TiB")
                .hasMessageContaining("is free on that disk");
    }

    @Test
    void refusesVariantsThatWouldNotFitOnTheDisk() {
        Params huge = new Params(variant("zero", 1000, 1L << 50));
        assertThatThrownBy(
                        () ->
                                workload.preflight(
                                        target(), List.of(new Params(smallVariant()), huge)))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("1000 files × 1024 TiB")
                .hasMessageContaining("is free on that disk");
    }

    /** Blocks the file system allocated, as stat(1) reports them. */
    private static long allocatedBytes(Path file) throws Exception {
        Process stat = new ProcessBuilder("stat", "-c", "%b %B", file.toString()).start();
        String[] out = new String(stat.getInputStream().readAllBytes()).strip().split(" ");
        assertThat(stat.waitFor()).isZero();
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }
}
