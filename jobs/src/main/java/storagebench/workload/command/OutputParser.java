package storagebench.workload.command;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Turns what a command printed into metrics of its measured step, e.g. a fio or pgbench summary.
 * Registered by name in {@link OutputParsers}; chosen with the command workload's {@code parser}.
 */
@FunctionalInterface
public interface OutputParser {

    /**
     * @param stdout the file holding the command's standard output
     * @param stderr the file holding its standard error
     * @return metric name → value; empty when the output holds none
     * @throws IOException when the files cannot be read or do not have the expected form
     */
    Map<String, Double> parse(Path stdout, Path stderr) throws IOException;
}
