package storagebench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import storagebench.logformat.Parsed;
import storagebench.logformat.fio.FioParser;
import storagebench.workload.process.Executables;

/** Runs Debian's fio for a comparison and reads its JSON with the project's own fio parser. */
final class FioRun {
    /** Found on the PATH, as a process started by its bare name is. */
    static final String PROGRAM = "fio";

    private FioRun() {}

    /** The fio program, when it is installed: an executable {@code fio} on the PATH. */
    static Optional<String> find() {
        return Executables.problem(PROGRAM, null).isEmpty()
                ? Optional.of(PROGRAM)
                : Optional.empty();
    }

    /** Runs fio with the arguments (JSON output added) and returns the metrics of its write step. */
    static Map<String, Double> write(String fio, Path dir, List<String> args)
            throws IOException, InterruptedException {
        Path out = dir.resolve("fio.json");
        List<String> command =
                new ArrayList<>(List.of(fio, "--output-format=json", "--output=" + out));
        command.addAll(args);
        Process process =
                new ProcessBuilder(command)
                        .directory(dir.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(dir.resolve("fio.log").toFile())
                        .start();
        if (process.waitFor() != 0) {
            throw new IOException(
                    "fio failed: " + Files.readString(dir.resolve("fio.log")).strip());
        }
        try (Stream<Parsed> records = new FioParser().parse(out, Map.of())) {
            return records.filter(r -> r instanceof Parsed.Step s && s.step().equals("write"))
                    .map(r -> ((Parsed.Step) r).metrics())
                    .findFirst()
                    .orElseThrow(() -> new IOException("fio wrote no write figures to " + out));
        }
    }
}
