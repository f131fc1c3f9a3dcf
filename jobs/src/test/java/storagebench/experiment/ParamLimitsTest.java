package storagebench.experiment;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;

/** Sizes and counts are checked at load against what holds them, and against each other, naming the key. */
class ParamLimitsTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private static String fileInit(String workload, String factors) {
        return "experiment: limits\ntarget: {kind: local, directory: /tmp/sb-work}\nworkload:\n  type: file-init\n"
                + workload
                + "factors:\n  init: [zero]\n"
                + factors;
    }

    @Test
    void aBlockSizeAboveWhatABufferHoldsIsRefusedWithItsLine() {
        for (String size : new String[] {"4GB", "2GB", "1GB"}) {
            assertThatThrownBy(
                            () ->
                                    loader.parse(
                                            "e.yaml",
                                            fileInit(
                                                    "  file-size: 1MB\n  block-size: "
                                                            + size
                                                            + "\n",
                                                    "")))
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(
                            "e.yaml:6: 'workload.block-size': must be at most 64 MiB, got '"
                                    + size
                                    + "'");
        }
    }

    @Test
    void aBlockLargerThanTheFileIsRefusedNamingTheFactor() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        fileInit(
                                                "  file-size: 1MB\n",
                                                "  block-size: [64KB, 8MB]\n")))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "e.yaml:8: 'factors.block-size': block-size (8 MiB) must be at most the size a file "
                                + "reaches (1 MiB); set block-size (variant init=zero, block-size=8MB)");
    }

    @Test
    void otherSizesHeldInAnIntAreBoundedToo() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: x\ntarget: {kind: local}\nworkload:\n"
                                                + "  type: file-io\n  file-size: 8GB\n  io-size: 4GB\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("e.yaml:6: 'workload.io-size': must be at most 64 MiB, got '4GB'");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: x\ntarget: {kind: local}\nworkload:\n"
                                                + "  type: filegroup-insert\n  files: 1\n  file-size: 64GB\n  page-size: 4GB\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("e.yaml:7: 'workload.page-size': must be at most 1 MiB, got '4GB'");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        fileInit("  file-size: 1MB\n  files: 3000000000\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessage(
                        "e.yaml:6: 'workload.files': must be a whole number "
                                + "from -2147483648 to 2147483647, got '3000000000'");
        assertThatThrownBy(() -> loader.parse("e.yaml", fileInit("  file-size: 9000000TB\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:5: 'workload.file-size': " + "a size is at most 8 EiB");
    }

    @Test
    void productsThatDoNotFitInALongAreRefusedAtLoadNamingTheKeys() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        fileInit(
                                                "  files: 2147483647\n  file-size: 8000000TB\n",
                                                "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:6: 'workload.file-size': files × file-size is more than 8 EiB");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: x\ntarget: {kind: local}\nworkload:\n"
                                                + "  type: filegroup-insert\n  files: 1000000\n  file-size: 8000000TB\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:6: 'workload.file-size': files × file-size is more than 8 EiB");
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: x\ntarget: {kind: local}\nworkload:\n"
                                                + "  type: file-io\n  file-size: 4TB\n  files: 4000000\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:5: 'workload.file-size': files × file-size is more than 8 EiB");
    }

    @Test
    void aCheckOnADefaultBlamesTheWorkload() {
        assertThatThrownBy(() -> loader.parse("e.yaml", fileInit("  file-size: 64KB\n", "")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "e.yaml:4: 'workload.block-size': "
                                + "block-size (1 MiB) must be at most the size a file reaches (64 KiB)");
    }
}
