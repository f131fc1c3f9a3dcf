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

/** The report's top waits: mean shares over a variant's measured trials, a trial without a wait as 0. */
class TopWaitTest {
    @TempDir Path parquetRoot;

    @Test
    void aVariantsWaitsAreRankedByTheirMeanShareOverItsTrials() throws Exception {
        // given: t1 on a lock 80% of its session time, t2 on CPU only; a warm-up on IO; a counter
        Path dir = parquetRoot.resolve("waits/experiment=e1");
        Files.createDirectories(dir);
        String rows =
                String.join(
                        ",\n",
                        row("t1", false, "wait", "Lock", "transactionid", 0.8, 1600),
                        row("t1", false, "wait", "CPU", "CPU", 0.2, 400),
                        row("t2", false, "wait", "CPU", "CPU", 1.0, 900),
                        row("t0", true, "wait", "IO", "DataFileRead", 1.0, 5000),
                        row("t1", false, "counter", "wal", "wal_bytes", null, null));
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = duckdb.createStatement()) {
            sql.execute(
                    "COPY (SELECT * FROM (VALUES "
                            + rows
                            + ") AS t(run_id, experiment, host, trial_id, variant, warmup, product,"
                            + " kind, wait_type, name, share, wait_ms)) TO '"
                            + dir.resolve("w.parquet")
                            + "' (FORMAT parquet)");
        }
        // when
        List<TopWait> top = TopWait.read(parquetRoot, ReportFilter.all());
        // then
        assertThat(top)
                .extracting(TopWait::waitType, TopWait::share, TopWait::waitMs, TopWait::trials)
                .containsExactly(tuple("CPU", 0.6, 650.0, 2L), tuple("Lock", 0.4, 800.0, 2L));
        assertThat(TopWait.render(top))
                .contains("top waits", "CPU", "60.0%", "transactionid", "40.0%");
        assertThat(TopWait.render(List.of())).isEmpty();
    }

    private static String row(
            String trial,
            boolean warmup,
            String kind,
            String type,
            String name,
            Double share,
            Integer ms) {
        return "('r1', 'e1', 'h1', '"
                + trial
                + "', 'default', "
                + warmup
                + ", 'postgresql', '"
                + kind
                + "', '"
                + type
                + "', '"
                + name
                + "', "
                + share
                + "::DOUBLE, "
                + ms
                + "::DOUBLE)";
    }
}
