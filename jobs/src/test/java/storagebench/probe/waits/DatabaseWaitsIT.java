package storagebench.probe.waits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.Main;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.PostgresEnv;
import storagebench.report.ReportFilter;
import storagebench.report.TopWait;
import storagebench.require.Needs;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;
import storagebench.sink.Dataset;

/**
 * A run's trials on a real server carry the server's waits into the dataset's {@code waits} table:
 * PostgreSQL's sampled wait events (a trial blocked on a row lock waits on Lock), Firebird's MON$
 * figures as deltas over the measured phase.
 */
@SharedServers
class DatabaseWaitsIT {
    private static final String DATABASE = "sb_waits_it";
    @TempDir Path tmp;

    /**
     * Runs {@code yaml} with waits sampled every 50 ms and the host every 100 ms (the server's
     * processes and folders with it); the exit code.
     */
    private int run(String yaml, Path data) throws Exception {
        Path file = Files.writeString(tmp.resolve("waits.yaml"), yaml);
        return Main.execute(
                "run",
                file.toString(),
                "--data-dir",
                data.toString(),
                "--set",
                "db.wait-sample-interval=50ms",
                "--set",
                "host.sample-interval=100ms",
                "--no-report");
    }

    /** The first column of {@code sql}'s rows over the host samples (the table {@code host}). */
    private static List<String> hostQuery(Path data, String sql) throws Exception {
        List<String> values = new ArrayList<>();
        String table =
                "read_parquet('"
                        + data.resolve("parquet/host_samples")
                        + "/**/*.parquet', hive_partitioning = true)";
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement();
                ResultSet rs = s.executeQuery(sql.replace("FROM host", "FROM " + table))) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** The first column of {@code sql}'s rows, as text; {@code waits} in it stands for the table. */
    private static List<String> query(Path data, String sql) throws Exception {
        List<String> values = new ArrayList<>();
        String table = "read_parquet('" + data.resolve("parquet/waits") + "/**/*.parquet')";
        try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duckdb.createStatement();
                ResultSet rs = s.executeQuery(sql.replace("waits", table))) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private static long count(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Needs(Requirement.POSTGRES)
    @Test
    void aPostgresTrialBlockedOnARowLockHasLockAsItsTopWait() throws Exception {
        // given: a database of the test's own (the sampler reads the sessions of the target's
        // database: other tests on the shared server stay out of it), and a row in it that another
        // session holds locked until 1.5 s after the trial's update waits on it
        Path data = tmp.resolve("data");
        String url = PostgresEnv.url().replaceFirst("/[^/?]+(\\?|$)", "/" + DATABASE + "$1");
        try (Connection server = PostgresEnv.target().connect()) {
            try (Statement s = server.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
                s.execute("CREATE DATABASE " + DATABASE);
            }
        }
        // the connections are closed before the finally block drops the database
        try (Connection admin = PostgresEnv.target().connect(url);
                Connection holder = PostgresEnv.target().connect(url)) {
            try (Statement s = admin.createStatement()) {
                s.execute("CREATE TABLE sb_waits_lock (id int PRIMARY KEY, v int)");
                s.execute("INSERT INTO sb_waits_lock VALUES (1, 0)");
            }
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.execute("UPDATE sb_waits_lock SET v = v + 1 WHERE id = 1");
            }
            CompletableFuture<Void> release =
                    CompletableFuture.runAsync(
                            () -> {
                                try {
                                    long deadline = System.nanoTime() + 60_000_000_000L;
                                    while (System.nanoTime() < deadline
                                            && count(
                                                            admin,
                                                            "SELECT count(*) FROM pg_stat_activity"
                                                                    + " WHERE wait_event_type = 'Lock'"
                                                                    + " AND query LIKE 'UPDATE sb_waits_lock%'")
                                                    == 0) {
                                        Thread.sleep(20);
                                    }
                                    Thread.sleep(1500);
                                    holder.commit();
                                } catch (Exception e) {
                                    throw new IllegalStateException(e);
                                }
                            });
            String yaml =
                    """
                    experiment: waits-pg
                    target:
                    %s
                    workload:
                      type: command
                      shell: true
                      command: "psql -v ON_ERROR_STOP=1 -qc 'UPDATE sb_waits_lock SET v = v + 1 WHERE id = 1'"
                    repetitions: 1
                    warmups: 0
                    """
                            .formatted(
                                    PostgresEnv.yaml()
                                            .replace(PostgresEnv.url(), url)
                                            .indent(2)
                                            .stripTrailing());
            try {
                // when
                int exit = run(yaml, data);
                release.get();
                // then: Lock has the largest share of the sampled session time, on the row's
                // transaction id
                assertThat(exit).isZero();
                Dataset dataset = new Dataset(data.resolve("parquet"));
                List<String> byType =
                        query(
                                data,
                                "SELECT wait_type || ' ' || sum(share) FROM waits WHERE kind ="
                                        + " 'wait' GROUP BY wait_type ORDER BY sum(share) DESC"
                                        + " LIMIT 1");
                assertThat(byType).singleElement().asString().startsWith("Lock ");
                // and the server, on this host, is sampled with the host: its processes' CPU, the
                // device of its data directory
                assertThat(
                                hostQuery(
                                        data,
                                        "SELECT DISTINCT source || ' ' || name FROM host WHERE"
                                                + " source IN ('process', 'device')"))
                        .contains("process postgres")
                        .anySatisfy(row -> assertThat(row).startsWith("device "));
                assertThat(
                                hostQuery(
                                        data,
                                        "SELECT max(metrics['cpu']) FROM host WHERE source ="
                                                + " 'process'"))
                        .singleElement()
                        .satisfies(cpu -> assertThat(Double.parseDouble(cpu)).isPositive());
                assertThat(Double.parseDouble(byType.get(0).split(" ")[1])).isGreaterThan(0.5);
                assertThat(query(data, "SELECT name FROM waits WHERE wait_type = 'Lock'"))
                        .contains("transactionid");
                assertThat(
                                query(
                                        data,
                                        "SELECT DISTINCT wait_type FROM waits WHERE kind = 'counter'"))
                        .contains("wal", "database");
                assertThat(dataset.rows("waits")).isEqualTo(dataset.distinctEventIds("waits"));
                // and the report's top waits name it first
                List<TopWait> top = TopWait.read(data.resolve("parquet"), ReportFilter.all());
                System.out.print(TopWait.render(top));
                assertThat(top.get(0).waitType()).isEqualTo("Lock");
                assertThat(TopWait.render(top)).contains("transactionid");
                // and docs/events.md's query runs on it as written (but for the data directory)
                String docs = Files.readString(Path.of("..", "docs", "events.md"));
                int from = docs.indexOf("```sql", docs.indexOf("**Waits.**")) + 6;
                String query =
                        docs.substring(from, docs.indexOf("```", from))
                                .replace("data/parquet", data.resolve("parquet").toString());
                List<String> rows = new ArrayList<>();
                try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                        Statement statement = duckdb.createStatement();
                        ResultSet rs = statement.executeQuery(query)) {
                    while (rs.next()) {
                        rows.add(rs.getString("wait_type") + " " + rs.getString("name"));
                    }
                }
                assertThat(rows).first().asString().startsWith("Lock ");
            } finally {
                release.cancel(true);
                Main.execute("broker", "stop", "--data-dir", data.toString());
            }
        } finally {
            try (Connection server = PostgresEnv.target().connect();
                    Statement s = server.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            }
        }
    }

    @Needs(Requirement.FIREBIRD)
    @Test
    void aFirebirdTrialHasItsDatabasesIoAndRecordDeltas() throws Exception {
        assumeThat(Path.of("/usr/bin/isql-fb")).as("Firebird's isql-fb").exists();
        // given: a trial whose command inserts rows through isql-fb into the target's database
        Matcher url =
                Pattern.compile("jdbc:firebird://([^:/]+):(\\d+)/(.+)").matcher(FirebirdEnv.url());
        assertThat(url.matches()).as(FirebirdEnv.url()).isTrue();
        Path data = tmp.resolve("data");
        long rows;
        try (Connection c = FirebirdEnv.target().connect()) {
            try (Statement s = c.createStatement()) {
                if (count(
                                c,
                                "SELECT count(*) FROM rdb$relations WHERE rdb$relation_name ="
                                        + " 'SB_WAITS_FB'")
                        == 0) {
                    s.execute("CREATE TABLE sb_waits_fb (id INT)");
                }
            }
            rows = (long) Math.pow(count(c, "SELECT count(*) FROM rdb$relations"), 2);
        }
        Files.writeString(
                tmp.resolve("insert.sql"),
                "INSERT INTO sb_waits_fb SELECT a.rdb$relation_id FROM rdb$relations a CROSS JOIN"
                        + " rdb$relations b;\nCOMMIT;\n");
        String yaml =
                """
                experiment: waits-fb
                target:
                %s
                workload:
                  type: command
                  shell: true
                  command: "isql-fb -q -i %s %s/%s:%s"
                repetitions: 1
                warmups: 0
                """
                        .formatted(
                                FirebirdEnv.yaml().indent(2).stripTrailing(),
                                tmp.resolve("insert.sql"),
                                url.group(1),
                                url.group(2),
                                url.group(3));
        try {
            // when
            int exit = run(yaml, data);
            // then: the phase's inserts, fetches and marks, as counters of the trial
            assertThat(exit).isZero();
            Map<String, Double> counters = new java.util.HashMap<>();
            for (String row :
                    query(
                            data,
                            "SELECT wait_type || '/' || name || ' ' || value FROM waits WHERE"
                                    + " kind = 'counter' AND product = 'firebird'")) {
                String[] f = row.split(" ");
                counters.put(f[0], Double.parseDouble(f[1]));
            }
            assertThat(counters.get("records/inserts")).isGreaterThanOrEqualTo((double) rows);
            assertThat(counters.get("io/page_fetches")).isGreaterThan(0.0);
            assertThat(counters.get("io/page_marks")).isGreaterThan(0.0);
            assertThat(query(data, "SELECT DISTINCT kind FROM waits")).containsExactly("counter");
        } finally {
            Main.execute("broker", "stop", "--data-dir", data.toString());
            try (Connection c = FirebirdEnv.target().connect();
                    Statement s = c.createStatement()) {
                s.execute("DROP TABLE sb_waits_fb");
            }
        }
    }
}
