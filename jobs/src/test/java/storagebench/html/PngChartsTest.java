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
        assertThat(charts)
                .containsExactly(
                        tmp.resolve("png").resolve(ChartFileName.of("e <1>", "create", "means")));
        assertThat(charts.get(0).getFileName().toString())
                .matches("e__1_--create--means~[0-9a-f]{8}\\.png");
        byte[] png = Files.readAllBytes(charts.get(0));
        assertThat(png.length).isGreaterThan(5_000);
        assertThat(new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("PNG");
    }

    @Test
    void severalHostsAddTheirChartOfEachStep() throws Exception {
        // given: one variant on two hosts
        TrialsFixture trials = new TrialsFixture();
        for (int i = 0; i < 4; i++) {
            trials.trial(
                    "r1",
                    "seed-000",
                    i < 2 ? "laptop" : "server",
                    "ifi=off",
                    "setup",
                    i,
                    false,
                    "OK",
                    200 + i * 100);
        }
        trials.write(tmp.resolve("parquet"), "seed-000", "2024-03-04", "r1");
        // when
        List<Path> charts =
                PngCharts.write(tmp.resolve("parquet"), ReportFilter.all(), tmp.resolve("png"));
        List<Path> one =
                PngCharts.write(
                        tmp.resolve("parquet"),
                        ReportFilter.all().withHost("server"),
                        tmp.resolve("one"));
        // then
        assertThat(charts)
                .extracting(p -> p.getFileName().toString())
                .containsExactly("seed-000--setup--means.png", "seed-000--setup--hosts.png");
        assertThat(Files.size(charts.get(1))).isGreaterThan(5_000);
        assertThat(one)
                .extracting(p -> p.getFileName().toString())
                .containsExactly("seed-000--setup--means.png");
    }

    @Test
    void namesKeepPrintableUnicodeAndNeverCollide() {
        // then: kept as written, as the dataset's folders keep them
        assertThat(ChartFileName.of("prüfung-ü", "create", "means"))
                .isEqualTo("prüfung-ü--create--means.png");
        assertThat(ChartFileName.of("日本語", "ステップ", "iops")).isEqualTo("日本語--ステップ--iops.png");
        // and: names that would otherwise meet get a hash of their own
        assertThat(ChartFileName.of("a b", "s", "means"))
                .isNotEqualTo(ChartFileName.of("a_b", "s", "means"))
                .isNotEqualTo(ChartFileName.of("a?b", "s", "means"));
        assertThat(ChartFileName.of("a--b", "c", "means"))
                .isNotEqualTo(ChartFileName.of("a", "b--c", "means"));
        assertThat(ChartFileName.of("a-", "b", "means"))
                .isNotEqualTo(ChartFileName.of("a", "-b", "means"));
        assertThat(ChartFileName.of("..", "s", "means")).doesNotStartWith(".");
        assertThat(ChartFileName.of("a\u202Eb", "s", "means")).doesNotContain("\u202E");
    }

    @Test
    void nothingWhenNothingMatches() {
        assertThat(PngCharts.write(tmp.resolve("none"), ReportFilter.all(), tmp.resolve("png")))
                .isEmpty();
        assertThat(tmp.resolve("png")).doesNotExist();
    }
}
