package storagebench.workload.restore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Dialect;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.SqlScript;
import storagebench.events.TrialTimed;
import storagebench.logformat.Parsed;
import storagebench.workload.TrialContext;
import storagebench.workload.process.ProcessRun;
import storagebench.workload.process.SubSteps;
import storagebench.workload.sampling.StepSampler;

/** One trial of {@link PostgresRestore}. */
final class PostgresRestoreTrial {
    private final DatabaseTarget target;
    private final TrialContext trial;
    private final Dialect dialect;
    private final SqlScript sql;
    private final ServerDatabases server;
    private final String name;
    private final String source;
    private final Path givenBackup;
    private final int rows;
    private final int indexes;
    private final int jobs;
    private final String pgRestore;
    private final String pgDump;
    private final StepSampler sampler;
    private Path backup;
    private Path generated;
    private PgRestoreProgress progress;
    private long restoreEndNanos;

    PostgresRestoreTrial(
            DatabaseTarget target,
            TrialContext trial,
            String name,
            Path givenBackup,
            int rows,
            int indexes,
            int jobs,
            String pgRestore,
            String pgDump,
            Duration sampleInterval) {
        this.target = target;
        this.trial = trial;
        this.dialect = target.dialect();
        this.sql = dialect.script(PostgresRestore.FOLDER);
        this.server = ServerDatabases.of(target, "restore");
        this.name = name;
        this.source = name + "_src";
        this.givenBackup = givenBackup;
        this.rows = rows;
        this.indexes = indexes;
        this.jobs = jobs;
        this.pgRestore = pgRestore;
        this.pgDump = pgDump;
        // the generated table (named as the database); a given backup's tables are not sampled one
        // by one
        this.sampler =
                new StepSampler(
                        target,
                        server.url(name, ""),
                        trial,
                        "restore",
                        sampleInterval,
                        givenBackup == null ? "^" + name + "$" : "^$");
    }

    /** Drops leftovers, makes the backup when none is given, creates the empty database to restore into. */
    Map<String, Double> setup() throws Exception {
        Files.createDirectories(trial.outputDir());
        dropDatabases();
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (givenBackup == null) {
            generated = trial.outputDir().resolve(name + ".dump");
            makeBackup(generated);
            backup = generated;
            metrics.put("rows", (double) rows);
            metrics.put("indexes", (double) indexes);
        } else {
            backup = givenBackup;
        }
        metrics.put("backup_bytes", (double) bytes(backup));
        try (Connection c = target.connect();
                Statement s = c.createStatement()) {
            s.execute(sql.sql("create-database", Map.of("database", dialect.identifier(name))));
        }
        sampler.open();
        return metrics;
    }

    private void makeBackup(Path file) throws Exception {
        try (Connection c = target.connect();
                Statement s = c.createStatement()) {
            s.execute(sql.sql("create-database", Map.of("database", dialect.identifier(source))));
        }
        String table = dialect.identifier(name);
        try (Connection c = target.connect(server.url(source, ""));
                Statement s = c.createStatement()) {
            s.execute(sql.sql("create-table", Map.of("table", table)));
            try (PreparedStatement fill =
                    c.prepareStatement(sql.sql("fill-table", Map.of("table", table)))) {
                fill.setInt(1, rows);
                fill.executeUpdate();
            }
            for (int k = 1; k <= indexes; k++) {
                s.execute(
                        sql.sql(
                                "create-index",
                                Map.of(
                                        "table",
                                        table,
                                        "index",
                                        dialect.identifier(name + "_i" + k),
                                        "k",
                                        String.valueOf(k))));
            }
        }
        tool(
                List.of(pgDump, "-Fc", "--no-owner", "--no-privileges", "-f", file.toString()),
                source,
                "pg_dump",
                null);
        server.dropIfExists(source);
    }

    /** pg_restore into the empty database; its lines are stamped as they arrive. */
    Map<String, Double> restore() throws Exception {
        List<String> argv =
                new ArrayList<>(
                        List.of(
                                pgRestore,
                                "-v",
                                "--no-owner",
                                "--no-privileges",
                                "--exit-on-error",
                                "-d",
                                name));
        if (jobs > 1) {
            argv.add("-j");
            argv.add(String.valueOf(jobs));
        }
        argv.add(backup.toString());
        progress =
                new PgRestoreProgress(
                        System.nanoTime(),
                        Instant.now().truncatedTo(ChronoUnit.MICROS),
                        trial.factors());
        sampler.start();
        tool(argv, name, "pg_restore", progress::line);
        restoreEndNanos = System.nanoTime();
        return Map.of();
    }

    /** After the timed span: the IO samples, the per-object sub-steps, the restored size and rows. */
    Map<String, Double> steps(TrialTimed measured) throws SQLException, InterruptedException {
        Map<String, Double> metrics = new LinkedHashMap<>(sampler.stopAndCount());
        SubSteps subSteps = new SubSteps(measured, trial::emit);
        List<Parsed.Step> items = progress.finish(restoreEndNanos, null);
        items.forEach(subSteps::add);
        metrics.put("objects", (double) items.size());
        metrics.put(
                "index_s",
                items.stream()
                                .filter(s -> s.step().startsWith("index "))
                                .mapToLong(Parsed.Step::durationNs)
                                .sum()
                        / 1e9);
        metrics.put(
                "data_s",
                items.stream()
                                .filter(s -> s.step().startsWith("data "))
                                .mapToLong(Parsed.Step::durationNs)
                                .sum()
                        / 1e9);
        try (Connection c = target.connect();
                PreparedStatement size = c.prepareStatement(sql.sql("database-bytes"))) {
            size.setString(1, name);
            try (ResultSet rs = size.executeQuery()) {
                rs.next();
                metrics.put("database_bytes", rs.getDouble(1));
            }
        }
        if (generated != null) {
            try (Connection c = target.connect(server.url(name, ""));
                    Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery(
                                    sql.sql(
                                            "count-rows",
                                            Map.of("table", dialect.identifier(name))))) {
                rs.next();
                metrics.put("rows_restored", rs.getDouble(1));
            }
        }
        return metrics;
    }

    Map<String, Double> cleanup() throws Exception {
        sampler.close();
        try {
            dropDatabases();
        } finally {
            if (generated != null) {
                Files.deleteIfExists(generated);
            }
        }
        return Map.of();
    }

    private void dropDatabases() throws SQLException {
        server.dropIfExists(name);
        server.dropIfExists(source);
    }

    /** Runs a libpq tool on {@code database} with the target's credentials in its environment. */
    private void tool(
            List<String> argv, String database, String label, ProcessRun.LineListener lines)
            throws Exception {
        Map<String, String> env = server.toolEnvironment(database);
        Path out = trial.outputDir().resolve(label + ".out");
        Path err = trial.outputDir().resolve(label + ".log");
        new ProcessRun(argv, env, trial.outputDir(), null).run(out, err, lines);
    }

    private static long bytes(Path path) throws IOException {
        if (!Files.isDirectory(path)) {
            return Files.size(path);
        }
        try (var files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
