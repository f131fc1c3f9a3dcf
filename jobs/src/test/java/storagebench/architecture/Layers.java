package storagebench.architecture;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.library.Architectures.LayeredArchitecture;

/**
 * The layers of storagebench from the bottom up, each using only those below it: shared basics, config,
 * Kafka I/O, log formats, target kinds and host probes, workloads, experiments, the Spring Batch plumbing,
 * the two jobs, what reads the dataset, benchmarks, the command line. docs/code-map.md draws the same.
 */
final class Layers {
    private Layers() {}

    /** The rule for the packages under {@code root} (storagebench, or a fixture named like it). */
    static LayeredArchitecture under(String root) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("basics")
                .definedBy(root)
                .layer("config")
                .definedBy(root + ".config..")
                .layer("kafka")
                .definedBy(root + ".events..", root + ".broker..")
                .layer("logformat")
                .definedBy(root + ".logformat..")
                .layer("targets")
                .definedBy(root + ".dbms..", root + ".probe..")
                .layer("workload")
                .definedBy(root + ".workload..")
                .layer("experiment")
                .definedBy(root + ".experiment..")
                .layer("batch")
                .definedBy(root + ".batch..")
                .layer("jobs")
                .definedBy(root + ".runner..", root + ".importer..")
                .layer("dataset")
                .definedBy(root + ".sink..", root + ".report..", root + ".export..")
                .layer("bench")
                .definedBy(root + ".bench..")
                .layer("cli")
                .definedBy(root + ".cli..")
                .whereLayer("cli")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("bench")
                .mayOnlyBeAccessedByLayers("cli")
                .whereLayer("dataset")
                .mayOnlyBeAccessedByLayers("bench", "cli")
                .whereLayer("jobs")
                .mayOnlyBeAccessedByLayers("dataset", "bench", "cli")
                .whereLayer("batch")
                .mayOnlyBeAccessedByLayers("jobs", "dataset", "bench", "cli")
                .whereLayer("experiment")
                .mayOnlyBeAccessedByLayers("batch", "jobs", "dataset", "bench", "cli")
                .whereLayer("workload")
                .mayOnlyBeAccessedByLayers("experiment", "batch", "jobs", "dataset", "bench", "cli")
                .whereLayer("targets")
                .mayOnlyBeAccessedByLayers(
                        "workload", "experiment", "batch", "jobs", "dataset", "bench", "cli")
                .whereLayer("logformat")
                .mayOnlyBeAccessedByLayers(
                        "targets",
                        "workload",
                        "experiment",
                        "batch",
                        "jobs",
                        "dataset",
                        "bench",
                        "cli")
                .whereLayer("kafka")
                .mayOnlyBeAccessedByLayers(
                        "logformat",
                        "targets",
                        "workload",
                        "experiment",
                        "batch",
                        "jobs",
                        "dataset",
                        "bench",
                        "cli")
                .whereLayer("config")
                .mayOnlyBeAccessedByLayers(
                        "kafka",
                        "logformat",
                        "targets",
                        "workload",
                        "experiment",
                        "batch",
                        "jobs",
                        "dataset",
                        "bench",
                        "cli");
    }
}
