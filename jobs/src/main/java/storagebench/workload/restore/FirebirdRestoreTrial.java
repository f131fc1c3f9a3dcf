package storagebench.workload.restore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Dialect;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.SqlScript;
import storagebench.events.TrialTimed;
import storagebench.workload.Params;
import storagebench.workload.TrialContext;
import storagebench.workload.process.CommandFailedException;
import storagebench.workload.process.OutputParsers;
import storagebench.workload.process.ProcessRun;

/** One trial of {@link FirebirdRestore}: the backup, the gbak runs and their logs in the trial's directory. */
final class FirebirdRestoreTrial {
    private static final int[] PRIMES = {7919, 104729, 1299709, 15485863, 179424673};
    private final TrialContext trial;
    private final DatabaseTarget target;
    private final ServerDatabases server;
    private final Params params;
    private final String name;
    private final Path restored;
    private final Path source;
    private final Path log;
    private Path backup;
    private boolean madeBackup;

    FirebirdRestoreTrial(TrialContext trial) {
        this.trial = trial;
        this.target = (DatabaseTarget) trial.target();
        this.server = ServerDatabases.of(target, "restore");
        this.params = trial.params();
        this.name = params.getText(FirebirdRestore.NAME);
        this.restored = target.storageRoot().resolve(name + ".fdb");
        this.source = target.storageRoot().resolve(name + FirebirdRestore.LONGEST_SUFFIX + ".fdb");
        this.log = trial.outputDir().resolve("gbak-restore.log");
    }

    /** Drops what an interrupted trial left; makes the backup when none is given. */
    Map<String, Double> setup() throws Exception {
        server.dropIfExists(restored.toString());
        server.dropIfExists(source.toString());
        Files.createDirectories(trial.outputDir());
        String given = params.getText(FirebirdRestore.BACKUP);
        if (!given.isEmpty()) {
            backup = Path.of(given).toAbsolutePath();
            return Map.of("backup_bytes", (double) Files.size(backup));
        }
        backup = trial.outputDir().resolve(name + ".fbk");
        madeBackup = true;
        Files.deleteIfExists(backup);
        int rows = params.getInt(FirebirdRestore.ROWS);
        fill(rows, params.getInt(FirebirdRestore.INDEXES));
        gbak(
                List.of("-b", "-v", server.toolName(source.toString()), backup.toString()),
                "gbak-backup.log");
        server.dropIfExists(source.toString());
        return Map.of("rows", (double) rows, "backup_bytes", (double) Files.size(backup));
    }

    private void fill(int rows, int indexes) throws SQLException {
        Dialect dialect = target.dialect();
        SqlScript sql = dialect.script("workloads/restore");
        String table = dialect.identifier(name);
        List<String> columns = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (int k = 1; k <= indexes; k++) {
            columns.add(dialect.identifier("K" + k));
            values.add("MOD(:I * " + PRIMES[(k - 1) % PRIMES.length] + " + " + k + ", :N)");
        }
        Map<String, String> parts =
                Map.of(
                        "table",
                        table,
                        "columns",
                        columns.stream()
                                .map(c -> c + " INT NOT NULL,")
                                .collect(Collectors.joining(" ")),
                        "names",
                        columns.stream().map(c -> c + ",").collect(Collectors.joining(" ")),
                        "values",
                        values.stream().map(v -> v + ",").collect(Collectors.joining(" ")));
        String create =
                "createDatabaseIfNotExist=true&page_size="
                        + params.getSize(FirebirdRestore.PAGE_SIZE);
        try (Connection c = target.connect(server.url(source.toString(), create));
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute(sql.sql("create-table", parts));
            try (PreparedStatement fill = c.prepareStatement(sql.sql("fill", parts))) {
                fill.setInt(1, rows);
                fill.execute();
            }
            for (int k = 1; k <= indexes; k++) {
                s.execute(
                        sql.sql(
                                "create-index",
                                Map.of(
                                        "index",
                                        dialect.identifier(name + "_k" + k),
                                        "table",
                                        table,
                                        "column",
                                        columns.get(k - 1))));
            }
        }
    }

    /** gbak -c -v -st tdrw, timed; its output in gbak-restore.log. */
    Map<String, Double> restore() throws Exception {
        gbak(
                List.of(
                        "-c",
                        "-v",
                        "-st",
                        "tdrw",
                        "-page_size",
                        String.valueOf(params.getSize(FirebirdRestore.PAGE_SIZE)),
                        backup.toString(),
                        server.toolName(restored.toString())),
                log.getFileName().toString());
        Map<String, Double> metrics = new LinkedHashMap<>();
        try {
            metrics.put("restored_bytes", (double) Files.size(restored));
        } catch (IOException e) {
            // the server's file is not readable from here
        }
        return metrics;
    }

    /** After the timed restore: gbak's log into sub-steps restore.<step>. */
    Map<String, Double> parse(TrialTimed measured) throws IOException {
        return OutputParsers.find("gbak").orElseThrow().parse(log, Map.of(), measured, trial::emit);
    }

    Map<String, Double> cleanup() throws Exception {
        try {
            server.dropIfExists(restored.toString());
            server.dropIfExists(source.toString());
        } finally {
            if (madeBackup) {
                Files.deleteIfExists(backup);
            }
        }
        return Map.of();
    }

    private void gbak(List<String> args, String output)
            throws CommandFailedException, InterruptedException {
        List<String> argv = new ArrayList<>();
        argv.add(params.getText(FirebirdRestore.GBAK));
        argv.addAll(args);
        Path out = trial.outputDir().resolve(output);
        Path err = trial.outputDir().resolve(output.replace(".log", ".err"));
        try {
            new ProcessRun(
                            argv,
                            server.toolEnvironment(restored.toString()),
                            trial.outputDir(),
                            null)
                    .run(out, err);
        } catch (CommandFailedException e) {
            throw new CommandFailedException(
                    "gbak "
                            + args.get(0)
                            + " failed ("
                            + e.getMessage().split(";")[0]
                            + "): "
                            + errors(out, err));
        }
    }

    /** gbak prints its errors on standard output or error: its ERROR lines, or else its last lines. */
    private static String errors(Path stdout, Path stderr) {
        List<String> lines = new ArrayList<>();
        for (Path output : List.of(stdout, stderr)) {
            try {
                Files.readAllLines(output).stream()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .forEach(lines::add);
            } catch (IOException e) {
                lines.add("(" + output.getFileName() + " cannot be read: " + e.getMessage() + ")");
            }
        }
        List<String> errors =
                lines.stream()
                        .filter(l -> l.contains("ERROR") || l.contains("Exiting before"))
                        .toList();
        List<String> shown =
                errors.isEmpty()
                        ? lines.subList(Math.max(0, lines.size() - 5), lines.size())
                        : errors;
        String text = String.join(" | ", shown);
        return text.length() > 2000 ? text.substring(0, 2000) + "…" : text;
    }
}
