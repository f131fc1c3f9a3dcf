package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FactorSlicesTest {
    private static final List<Map<String, String>> ZIP =
            List.of(
                    Map.of("files", "5", "file-size", "200MB"),
                    Map.of("files", "50", "file-size", "20MB"),
                    Map.of("files", "100", "file-size", "20MB"),
                    Map.of("files", "500", "file-size", "20MB"));

    private static final List<Map<String, String>> CROSS =
            List.of(
                    Map.of("init", "zero", "size", "8MB"),
                    Map.of("init", "zero", "size", "256MB"),
                    Map.of("init", "instant", "size", "8MB"),
                    Map.of("init", "instant", "size", "256MB"));

    @Test
    void aZippedFactorFollowsFromTheFactorItIsZippedTo() {
        // when / then: each file count comes with one size, so all four compare in files
        assertThat(FactorSlices.following("files", ZIP)).containsExactly("file-size");
        assertThat(FactorSlices.among(ZIP).key(ZIP.get(0), "files")).isEmpty();
        // but 20MB comes with three file counts: sizes compare only at one file count
        assertThat(FactorSlices.following("file-size", ZIP)).isEmpty();
        assertThat(FactorSlices.among(ZIP).key(ZIP.get(1), "file-size"))
                .isEqualTo(Map.of("files", "50"));
    }

    @Test
    void crossedFactorsAreHeldFixed() {
        assertThat(FactorSlices.following("init", CROSS)).isEmpty();
        assertThat(FactorSlices.among(CROSS).key(CROSS.get(0), "init"))
                .isEqualTo(Map.of("size", "8MB"));
    }
}
