package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IO series' time axis: each interval's end on its own trial's clock, so a last sample of 0 ms
 * (taken as the step ended) neither pulls the line back to 0 s nor adds a rate of zero.
 */
class IoSeriesTest {
    @TempDir Path parquetRoot;

    @Test
    void everyPointLiesAfterThePreviousOne() throws Exception {
        // given: two trials of one variant, 5 s intervals, the second trial ending with a 0 ms one
        Path dir = parquetRoot.resolve("io_samples/experiment=e1");
        Files.createDirectories(dir);
        String rows =
                String.join(
                        ",\n",
                        row("t1", "00:00:00", 5000, 100),
                        row("t1", "00:00:05", 5000, 120),
                        row("t2", "00:01:00", 5000, 80),
                        row("t2", "00:01:05", 5000, 100),
                        row("t2", "00:01:10", 0, 0));
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            sql.execute(
                    "COPY (SELECT * FROM (VALUES "
                            + rows
                            + ") AS t(run_id, experiment, host, trial_id, variant, warmup, step, file,"
                            + " interval_start, interval_ms, iops, reads, writes, device_ms))"
                            + " TO '"
                            + dir.resolve("s.parquet")
                            + "' (FORMAT parquet)");
        }
        // when
        List<IoPoint> points = IoPoint.read(parquetRoot, ReportFilter.all());
        // then: the mean of both trials at 5 s and 10 s, nothing at 0 s
        assertThat(points)
                .extracting(IoPoint::second, IoPoint::iops)
                .containsExactly(tuple(5.0, 90.0), tuple(10.0, 110.0));
    }

    private static String row(String trial, String time, double ms, double iops) {
        long ios = Math.round(iops * ms / 1000);
        return "('r1', 'e1', 'h1', '"
                + trial
                + "', 'users=1', false, 'run', 'database', TIMESTAMPTZ '2026-11-30 10:"
                + time.substring(3)
                + "+00', "
                + ms
                + ", "
                + iops
                + ", "
                + ios
                + ", 0, "
                + ios
                + ".0)";
    }
}
