package storagebench.report;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/** Summaries of the trials table of the Parquet dataset, computed by an embedded, in-memory DuckDB. */
public final class Report {
    private Report() {}

    /** The trials table of a dataset: {@code <parquetRoot>/trials}. */
    public static Path trialsDir(Path parquetRoot) {
        return parquetRoot.resolve("trials");
    }

    /** Whether the dataset holds at least one trials file. */
    public static boolean hasTrials(Path parquetRoot) {
        return Tables.hasFiles(trialsDir(parquetRoot));
    }

    /**
     * One row per experiment × host × variant × step, ordered by experiment, host, step and then the
     * variants in the order the plan ran them. Empty when the dataset holds no trials or none match.
     * Files written before a column existed read it as its default ({@link Tables}).
     *
     * @param parquetRoot the dataset, {@code Settings.parquetDir()}
     */
    public static List<SummaryRow> summarize(Path parquetRoot, ReportFilter filter) {
        return Tables.query(
                parquetRoot,
                "trials",
                "/report/summary.sql",
                "summarise the trials",
                Tables.parameters(filter),
                Report::row);
    }

    private static SummaryRow row(ResultSet rs) throws SQLException {
        long n = rs.getLong("n");
        Double stddev = Tables.nullable(rs, "stddev");
        return new SummaryRow(
                rs.getString("experiment"),
                rs.getString("host"),
                rs.getString("variant"),
                rs.getString("step"),
                n,
                Tables.nullable(rs, "mean"),
                Tables.nullable(rs, "median"),
                stddev,
                Tables.nullable(rs, "min"),
                Tables.nullable(rs, "max"),
                Tables.nullable(rs, "p95"),
                halfWidth95(n, stddev),
                Tables.nullable(rs, "ratio"),
                rs.getLong("failed"),
                rs.getLong("warmups"),
                TrialValues.factors(rs.getArray("factor_keys"), rs.getArray("factor_values")));
    }

    /** Half-width of the 95% confidence interval of a mean (Student's t); null below two samples. */
    static Double halfWidth95(long n, Double stddev) {
        return n < 2 || stddev == null
                ? null
                : TDistribution.of(n - 1).inverseSurvivalProbability(0.025) * stddev / Math.sqrt(n);
    }
}
