package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.report.ReportFilter;
import storagebench.report.TrialsFixture;

class PngChartsTest {
    @TempDir Path tmp;

    @Test
    void writesOnePngPerExperimentAndStepWithSafeNames() throws Exception {
        // given
        new TrialsFixture()
                .trial("r1", "e <1>", "h1", "init=zero", "create", 0, false, "OK", 2)
                .trial("r1", "e <1>", "h1", "init=zero", "create", 1, false, "OK", 2.2)
                .trial("r1", "e <1>", "h1", "init=instant", "create", 2, false, "OK", 0.1)
                .trial("r1", "e <1>", "h1", "init=instant", "create", 3, false, "OK", 0.12)
                .write(tmp.resolve("parquet"), "e <1>", "2026-11-30", "r1");
        // when
        List<Path> charts =
                PngCharts.write(tmp.resolve("parquet"), ReportFilter.all(), tmp.resolve("png"));
        // then
        assertThat(charts).containsExactly(tmp.resolve("png").resolve("e__1_--create--means.png"));
        byte[] png = Files.readAllBytes(charts.get(0));
        assertThat(png.length).isGreaterThan(5_000);
        assertThat(new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("PNG");
    }

    @Test
    void nothingWhenNothingMatches() {
        assertThat(PngCharts.write(tmp.resolve("none"), ReportFilter.all(), tmp.resolve("png")))
                .isEmpty();
        assertThat(tmp.resolve("png")).doesNotExist();
    }
}
