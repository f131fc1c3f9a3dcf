package storagebench.workload.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import storagebench.events.TrialTimed;

/**
 * Reads what the measured command left behind, once its timed span is over: metrics for its
 * {@code run} step, and events (sub-steps, IO samples) published with the trial. Registered by name
 * in {@link OutputParsers}; chosen with the command workload's {@code parser}.
 */
@FunctionalInterface
public interface OutputParser {

    /**
     * @param output the file to read: the run step's standard output, or {@code parser-file}
     * @param options the {@code parser-options}, placeholders filled in
     * @param measured the run step's result; the events read take their identity from it
     * @param emit takes the events read from the output
     * @return metrics to add to the run step; empty when the output holds none
     * @throws IOException when the file cannot be read or is not in the parser's format
     */
    Map<String, Double> parse(
            Path output,
            Map<String, String> options,
            TrialTimed measured,
            Consumer<SpecificRecord> emit)
            throws IOException;
}
