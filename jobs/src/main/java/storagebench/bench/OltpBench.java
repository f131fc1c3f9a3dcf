package storagebench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.TargetKind;
import storagebench.experiment.Experiment;
import storagebench.experiment.TrialPlan;
import storagebench.logformat.LogParsers;
import storagebench.logformat.Parsed;
import storagebench.runner.TrialSteps;
import storagebench.workload.Params;
import storagebench.workload.TrialContext;
import storagebench.workload.oltp.DatabaseOltp;

/**
 * {@code bench oltp}: oltp's tpcb mix against pgbench itself on the same PostgreSQL, the same tables (the
 * workload loads them once, pgbench runs on them), scale, clients and duration, pgbench with {@code -M
 * prepared}; in ABBA order ({@link Abba}: A ours, B pgbench) after a warm-up pair that is not counted. The driver's
 * CPU time per transaction is its virtual users' threads' over the measured step; pgbench's is read from
 * its process while it runs (approximate: the last moments before it exits are missed).
 */
public final class OltpBench {
    static final String DATABASE = "sb_oltp_bench";

    private OltpBench() {}

    /** The settings of one bench. */
    public record Settings(
            int scale, List<Integer> clients, Duration duration, int pairs, String pgbench) {}

    public static OltpBenchReport run(Experiment experiment, Settings settings, Path workDir)
            throws Exception {
        if (!(experiment.target() instanceof DatabaseTarget target)
                || target.kind() != TargetKind.POSTGRES
                || !(experiment.workload() instanceof DatabaseOltp workload)) {
            throw new BadInputException(
                    experiment.name()
                            + ": bench oltp needs a postgres target and workload oltp (as "
                            + "pipeline-config/postgres/oltp-power-plan.yaml)");
        }
        Files.createDirectories(workDir);
        Map<String, String> variant = TrialPlan.of(experiment).variants().get(0);
        Map<String, Object> base = experiment.params(variant).values();
        List<OltpBenchReport.Clients> results = new ArrayList<>();
        try {
            for (int clients : settings.clients()) {
                Params params = params(base, settings, clients);
                workload.preflight(target, List.of(params));
                Abba.Paired<double[]> paired =
                        Abba.run(
                                settings.pairs(),
                                true,
                                pair -> ours(workload, target, params, workDir, pair + 1),
                                pair -> pgbench(target, settings, clients, workDir));
                results.add(new OltpBenchReport.Clients(clients, paired));
            }
        } finally {
            workload.dropDatabase(target, params(base, settings, 1));
        }
        return new OltpBenchReport(target.location(), settings, results);
    }

    private static Params params(Map<String, Object> base, Settings settings, int clients) {
        Map<String, Object> values = new LinkedHashMap<>(base);
        values.put("mix", "tpcb");
        values.put("scale", settings.scale());
        values.put("virtual-users", clients);
        values.put("rampup", Duration.ZERO);
        values.put("duration", settings.duration());
        values.put("sample-interval", Duration.ZERO);
        values.put("schema", "keep");
        values.put("database", DATABASE);
        return new Params(values);
    }

    /** One trial of the tpcb mix as the runner runs it: tps and the driver's CPU µs per transaction. */
    private static double[] ours(
            DatabaseOltp workload, DatabaseTarget target, Params params, Path dir, int round)
            throws Exception {
        TrialContext trial =
                new TrialContext(
                        "bench",
                        "bench-oltp",
                        "bench",
                        "bench-" + round,
                        Map.of(),
                        target,
                        params,
                        dir);
        Map<String, Double> measured =
                TrialSteps.run(workload.steps(trial)).get("run").getMetrics();
        return new double[] {
            measured.getOrDefault("tps", 0.0), measured.getOrDefault("driver_cpu_us_per_tx", -1.0)
        };
    }

    /** pgbench -n -M prepared on the bench's database: its tps and CPU µs per transaction. */
    private static double[] pgbench(DatabaseTarget target, Settings settings, int clients, Path dir)
            throws Exception {
        Map<String, String> env =
                new LinkedHashMap<>(target.kind().database().toolEnvironment(target));
        env.put("PGDATABASE", DATABASE);
        ProcessBuilder builder =
                new ProcessBuilder(
                        settings.pgbench(),
                        "-n",
                        "-M",
                        "prepared",
                        "-c",
                        String.valueOf(clients),
                        "-j",
                        String.valueOf(clients),
                        "-T",
                        String.valueOf(settings.duration().toSeconds()));
        builder.environment().putAll(env);
        Path out = dir.resolve("pgbench.out");
        builder.redirectOutput(out.toFile()).redirectError(dir.resolve("pgbench.err").toFile());
        Process process = builder.start();
        Duration cpu = Duration.ZERO;
        while (!process.waitFor(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            cpu = process.info().totalCpuDuration().orElse(cpu);
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(
                    "pgbench exited with "
                            + process.exitValue()
                            + ": "
                            + Files.readString(dir.resolve("pgbench.err")).strip());
        }
        double tps = tps(out);
        double transactions = tps * settings.duration().toSeconds();
        return new double[] {tps, transactions > 0 ? cpu.toNanos() / 1e3 / transactions : -1};
    }

    private static double tps(Path out) throws IOException {
        try (Stream<Parsed> records =
                LogParsers.find("pgbench").orElseThrow().records(out, Map.of())) {
            return records.filter(Parsed.Step.class::isInstance)
                    .map(r -> ((Parsed.Step) r).metrics().get("tps"))
                    .filter(t -> t != null)
                    .findFirst()
                    .orElseThrow(
                            () -> new IllegalStateException("no tps in pgbench's output " + out));
        }
    }
}
