package storagebench.workload.fileinit;

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
import storagebench.workload.Workload;
import storagebench.workload.WorkloadContractTest;

class FileInitWorkloadTest extends WorkloadContractTest {
    private final FileInitWorkload workload = new FileInitWorkload();

    @Override
    protected Workload workload() {
        return workload;
    }

    @Override
    protected Map<String, Object> smallVariant() {
        return variant("zero", 2, 3L << 20);
    }

    private static Map<String, Object> variant(String init, int files, long size) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("init", init);
        v.put("files", files);
        v.put("file-size", size);
        v.put("block-size", 1L << 20);
        return v;
    }

    private Path run(Map<String, Object> variant, Phase until) throws Exception {
        target().prepare();
        List<Step> steps = workload.steps(new storagebench.workload.TrialContext("r", "e", "h", "t1", Map.of(),
                target(), new Params(variant), dir.resolve("out")));
        for (Step step : steps) {
            if (step.phase().ordinal() <= until.ordinal()) {
                step.action().run();
            }
        }
        return target().directory().resolve("file-init").resolve("t1");
    }

    @Test
    void zeroWritesEveryByteOfEveryFile() throws Exception {
        // when: 2.5 blocks per file, so the last write is partial
        Path trial = run(variant("zero", 3, (5L << 20) / 2), Phase.MEASURED);
        // then
        try (var files = Files.list(trial)) {
            List<Path> all = files.sorted().toList();
            assertThat(all).extracting(p -> p.getFileName().toString())
                    .containsExactly("data001.ndf", "data002.ndf", "data003.ndf");
            for (Path file : all) {
                assertThat(Files.size(file)).isEqualTo((5L << 20) / 2);
                assertThat(allocatedBytes(file)).as("zeroed files are allocated").isGreaterThanOrEqualTo(5L << 19);
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
        assertThat(allocatedBytes(file)).as("sparse: far less allocated than its length").isLessThan(1L << 20);
    }

    @Test
    void refusesVariantsThatWouldNotFitOnTheDisk() {
        Params huge = new Params(variant("zero", 1000, 1L << 50));
        assertThatThrownBy(() -> workload.preflight(target(), List.of(new Params(smallVariant()), huge)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("1000 files × 1024 TiB")
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
