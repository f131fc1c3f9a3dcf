package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import storagebench.dbms.FirebirdEnv;
import storagebench.dbms.PostgresEnv;
import storagebench.dbms.SqlServerEnv;
import storagebench.dbms.TargetKind;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;
import storagebench.require.Requirement;
import storagebench.require.SharedServers;

/**
 * The contract of the workload table: every workload runs on every kind of target its table names, as a
 * user would configure it, through the experiment loader, preflight, set-up, measured step and clean-up.
 * H2 and local always; PostgreSQL and Firebird when .ci/db-servers.sh started them; SQL Server when a user
 * gives one. A kind added to a workload's table without a small variant here fails the first test.
 */
@SharedServers
class WorkloadsOnEveryKindIT {
    /** A small variant (YAML keys under {@code workload:}) for each workload on each kind it runs on. */
    private static final Map<String, Map<TargetKind, String>> SMALL = new LinkedHashMap<>();

    static {
        small("file-init", TargetKind.LOCAL, "files: 2\nfile-size: 1MB\ninit: zero");
        small("file-init", TargetKind.POSTGRES, "init: zero\nsegments: 2\nmessage-size: 64KiB");
        small("file-init", TargetKind.SQLSERVER, "init: zero");
        small("command", TargetKind.LOCAL, "command: \"true\"");
        small("command", TargetKind.POSTGRES, "command: \"true\"\nsample-interval: 0s");
        small("command", TargetKind.FIREBIRD, "command: \"true\"\nsample-interval: 0s");
        small("command", TargetKind.SQLSERVER, "command: \"true\"\nsample-interval: 0s");
        small("filegroup-insert", TargetKind.LOCAL, "files: 2\nfile-size: 1MB\nrows: 10");
        small("filegroup-insert", TargetKind.H2, "rows: 10\nname: sb_every_kind");
        small("filegroup-insert", TargetKind.POSTGRES, "files: 2\nrows: 10\nname: sb_every_kind");
        small("filegroup-insert", TargetKind.FIREBIRD, "files: 1\nrows: 10\nname: sb_every_kind");
        small("filegroup-insert", TargetKind.SQLSERVER, "files: 2\nrows: 10\nname: sb_every_kind");
        small(
                "file-io",
                TargetKind.LOCAL,
                "files: 1\nfile-size: 1MB\nduration: 200ms\ninterval: 100ms");
        small("restore", TargetKind.POSTGRES, "rows: 1000\nindexes: 1\nname: sb_every_kind");
        small("restore", TargetKind.FIREBIRD, "rows: 1000\nindexes: 1\nname: sb_every_kind");
        small("restore", TargetKind.SQLSERVER, "rows: 1000\nindexes: 1\nname: sb_every_kind");
        for (TargetKind kind :
                List.of(
                        TargetKind.H2,
                        TargetKind.POSTGRES,
                        TargetKind.FIREBIRD,
                        TargetKind.SQLSERVER)) {
            small(
                    "oltp",
                    kind,
                    "mix: tpcb\nvirtual-users: 2\nrampup: 0s\nduration: 1s\ndatabase: sb_every_kind");
        }
    }

    @TempDir Path tmp;

    private static void small(String workload, TargetKind kind, String yaml) {
        SMALL.computeIfAbsent(workload, w -> new EnumMap<>(TargetKind.class)).put(kind, yaml);
    }

    @Test
    void everyKindInEveryWorkloadsTableHasASmallVariantHere() {
        List<String> missing = new ArrayList<>();
        for (String name : Workloads.names()) {
            for (TargetKind kind : Workloads.find(name).orElseThrow().kinds()) {
                if (!SMALL.getOrDefault(name, Map.of()).containsKey(kind)) {
                    missing.add(name + " on " + kind.yamlName());
                }
            }
        }
        assertThat(missing).as("workloads on kinds without a contract run").isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> everyWorkloadRunsOnEveryKindItDeclares() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : Workloads.names()) {
            for (TargetKind kind : Workloads.find(name).orElseThrow().kinds()) {
                String variant = SMALL.getOrDefault(name, Map.of()).get(kind);
                if (variant != null) {
                    tests.add(
                            DynamicTest.dynamicTest(
                                    name + " on " + kind.yamlName(),
                                    () -> run(name, kind, variant)));
                }
            }
        }
        return tests.stream();
    }

    private void run(String workload, TargetKind kind, String variant) throws Exception {
        // given: the experiment as a user writes it
        String yaml =
                "experiment: every-kind\ntarget:\n"
                        + indent(target(kind))
                        + "workload:\n  type: "
                        + workload
                        + "\n"
                        + indent(variant);
        Experiment experiment =
                new ExperimentLoader(tmp.resolve("data")).parse("every-kind.yaml", yaml);
        Workload implementation = experiment.workload();
        Params params = experiment.params(Map.of());
        TrialContext trial =
                new TrialContext(
                        "run-1",
                        "every-kind",
                        "host",
                        "trial-1",
                        Map.of(),
                        experiment.target(),
                        params,
                        tmp.resolve("out"));
        // when
        implementation.preflight(experiment.target(), List.of(params));
        List<Step> steps = implementation.steps(trial);
        Map<String, Double> measured = null;
        try {
            for (Step step : steps) {
                if (step.phase() != Phase.CLEANUP) {
                    Map<String, Double> metrics = step.action().run();
                    plausible(metrics, workload + " on " + kind.yamlName() + ", " + step.name());
                    if (step.phase() == Phase.MEASURED) {
                        measured = metrics;
                    }
                }
            }
        } finally {
            for (Step step : steps) {
                if (step.phase() == Phase.CLEANUP) {
                    step.action().run();
                }
            }
        }
        // then
        assertThat(implementation.name()).isEqualTo(workload);
        // a measured step ran (a restore's reports no metric of its own: its time and sub-steps
        // are its answer)
        assertThat(measured)
                .as("the measured step of %s on %s", workload, kind.yamlName())
                .isNotNull();
        measuredAsTheVariantSays(workload, kind, measured);
    }

    /** Every value a number; no duration or latency below zero. */
    private static void plausible(Map<String, Double> metrics, String step) {
        assertThat(metrics).as("metrics of %s", step).isNotNull();
        metrics.forEach(
                (name, value) -> {
                    assertThat(value).as("%s of %s", name, step).isNotNull().isFinite();
                    if (name.matches(".*_(s|ms|us)")) {
                        assertThat(value).as("%s of %s", name, step).isNotNegative();
                    }
                });
    }

    /** What the small variants above make the measured step report, where it does not hang on the server. */
    private static void measuredAsTheVariantSays(
            String workload, TargetKind kind, Map<String, Double> m) {
        switch (workload) {
            case "file-init" -> {
                if (kind == TargetKind.LOCAL) {
                    assertThat(m)
                            .containsEntry("files", 2.0)
                            .containsEntry("file_size_bytes", 1048576.0)
                            .containsEntry("bytes_written", 2 * 1048576.0)
                            .containsEntry("total_bytes", 2 * 1048576.0);
                }
            }
            case "command" -> assertThat(m).containsEntry("exit_code", 0.0);
            case "filegroup-insert" -> assertThat(m).containsEntry("rows", 10.0);
            case "file-io" -> {
                assertThat(m.get("ios")).isPositive().isEqualTo(m.get("reads") + m.get("writes"));
                assertThat(m.get("iops")).isPositive();
                assertThat(m.get("latency_p50_us"))
                        .isPositive()
                        .isLessThanOrEqualTo(m.get("latency_p99_us"));
                assertThat(m)
                        .containsEntry("files", 1.0)
                        .containsEntry("file_size_bytes", 1048576.0);
            }
            case "oltp" -> {
                assertThat(m.get("transactions")).isPositive();
                assertThat(m.get("tps")).isPositive();
                assertThat(m.get("latency_p50_ms"))
                        .isPositive()
                        .isLessThanOrEqualTo(m.get("latency_p99_ms"));
                assertThat(m.get("measured_s")).as("duration: 1s").isGreaterThanOrEqualTo(0.9);
                assertThat(m)
                        .containsEntry("errors", 0.0)
                        .containsEntry("virtual_users", 2.0)
                        .containsEntry("tpcb-like.percent", 100.0);
            }
            default -> {
                // restore: its measured figures are the server's own; plausible() covers them
            }
        }
    }

    private String target(TargetKind kind) {
        return switch (kind) {
            case LOCAL -> "kind: local\ndirectory: " + tmp.resolve("work") + "\n";
            case H2 ->
                    "kind: h2\nurl: \"jdbc:h2:file:" + tmp.resolve("h2").resolve("base") + "\"\n";
            case POSTGRES -> {
                Requirement.POSTGRES.check();
                yield PostgresEnv.yaml();
            }
            case FIREBIRD -> {
                Requirement.FIREBIRD.check();
                yield FirebirdEnv.yaml();
            }
            case SQLSERVER -> {
                Requirement.SQLSERVER.check();
                yield SqlServerEnv.yaml();
            }
        };
    }

    private static String indent(String yaml) {
        StringBuilder out = new StringBuilder();
        for (String line : yaml.split("\n")) {
            out.append("  ").append(line).append('\n');
        }
        return out.toString();
    }
}
