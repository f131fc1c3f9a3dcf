package storagebench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * The dataset {@link SparkReadsTheDatasetIT} reads, made by the built application: a file-io run
 * scaled down (runs, trials, run_finished, io_samples) as experiment {@value #NUMERIC}, a CSV
 * import and exports of TrialTimed v1 and v2 through the topic as {@value #ESCAPED}, and Parquet
 * files of v1 and v2 beside the sink's, as older sinks wrote them.
 */
final class BuiltDataset {
    /** Spaces, a slash, an equals sign and non-ASCII letters: each needs care in a folder name. */
    static final String ESCAPED = "café ü/x=1 ß";

    /** All digits: a number to Spark's partition type inference. */
    static final String NUMERIC = "007";

    static final Instant OLD = Instant.parse("2026-11-29T10:00:00.123456Z");

    private BuiltDataset() {}

    /** Makes it in the app's data directory, whose broker keeps running; dir holds the inputs. */
    static void make(App app, Path dir) throws Exception {
        // a file-io run, scaled down: runs, trials, run_finished, io_samples and host_samples
        app.run(
                "run",
                System.getProperty("storagebench.config"),
                "--override",
                "experiment=" + NUMERIC,
                "--override",
                "workload.file-size=8MB",
                "--override",
                "workload.duration=2s",
                "--override",
                "repetitions=1",
                "--override",
                "warmups=0",
                "--no-report");
        // a CSV import under a name that needs escaping: trials of the current schema (v3)
        Path csv = dir.resolve("disks.csv");
        Files.writeString(
                csv,
                "trial,start,duration_s,disk,iops\n"
                        + "t1,2026-11-30T08:00:00Z,1.5,nvme,3041\n"
                        + "t2,2026-11-30T08:00:05.25Z,2.5,nvme,3100\n"
                        + "t3,2026-11-30T08:00:10Z,4.0,sata,500\n"
                        + "t4,2026-11-30T08:00:15Z,6.0,sata,520\n");
        app.run(
                "import",
                "--format=csv",
                "--experiment=" + ESCAPED,
                "--option=map.trial=trial",
                "--option=map.start=start",
                "--option=map.duration_s=duration_s",
                "--option=factor.disk=disk",
                "--option=metric.iops=iops",
                "--no-report",
                csv.toString());
        // exports of v1 and v2 events, back through the topic: they land with the defaults
        Path v1 = dir.resolve("v1.avro");
        Path v2 = dir.resolve("v2.avro");
        OlderSchemas.writeExport(v1, ESCAPED, 1, trials(1, "export", 2_000_000_000L));
        OlderSchemas.writeExport(v2, ESCAPED, 2, trials(2, "export", 3_000_000_000L));
        app.run("import", "--format=events", v1.toString(), v2.toString());
        // Parquet files of v1 and v2 beside the sink's, in the folder the sink made for the name
        Path folder = onlyFolder(app.parquet().resolve("trials"), ESCAPED);
        Path old = Files.createDirectories(folder.resolve("date=2026-11-29"));
        OlderSchemas.writeParquet(
                old.resolve("old-v1.parquet"), ESCAPED, 1, trials(1, "file", 4_000_000_000L));
        OlderSchemas.writeParquet(
                old.resolve("old-v2.parquet"), ESCAPED, 2, trials(2, "file", 5_000_000_000L));
    }

    /** Two trials of variant init=zero, ids unique per source, durations {@code ns} and 2 × ns. */
    private static List<OlderSchemas.Trial> trials(int version, String source, long ns) {
        return List.of(
                new OlderSchemas.Trial(version, source + "-0", "init=zero", OLD, ns),
                new OlderSchemas.Trial(
                        version, source + "-1", "init=zero", OLD.plusSeconds(60), 2 * ns));
    }

    /** The one experiment folder of a table that is not {@code experiment=007}. */
    private static Path onlyFolder(Path table, String name) throws IOException {
        try (Stream<Path> folders = Files.list(table)) {
            List<Path> others =
                    folders.filter(f -> !f.getFileName().toString().equals("experiment=" + NUMERIC))
                            .toList();
            assertThat(others).as("the folder of %s", name).hasSize(1);
            return others.get(0);
        }
    }

    /** The topic sunk by the application into the dataset at url, with these settings. */
    static void sinkTo(App app, String url, Map<String, String> settings) throws Exception {
        List<String> args = new ArrayList<>(List.of("sink", "--until-idle"));
        args.add("--set=dataset.url=" + url);
        settings.forEach((key, value) -> args.add("--set=" + key + "=" + value));
        app.run(args.toArray(String[]::new));
    }

    /** The Parquet files of older sinks, as {@link #make} put them into the local one, to url. */
    static void copyOlderSinksFiles(App app, Configuration conf, String url) throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.walk(app.parquet())) {
            files = all.filter(f -> f.getFileName().toString().startsWith("old-")).toList();
        }
        assertThat(files).hasSize(2);
        for (Path file : files) {
            String to = url + "/" + app.parquet().relativize(file);
            HadoopCopies.upload(conf, file, to);
        }
    }
}
