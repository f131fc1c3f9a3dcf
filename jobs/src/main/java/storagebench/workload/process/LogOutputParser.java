package storagebench.workload.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.events.TrialTimed;
import storagebench.logformat.LineReader;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOptions;
import storagebench.logformat.QuarantineFile;

/**
 * An importer's log parser reading a command's output: the file must look like the format (the same
 * check {@code import} makes), its steps and samples become sub-steps of the run step (see
 * {@link SubSteps}), and records it cannot read are quarantined beside the output as
 * {@code <output>.quarantine.jsonl} and counted in the run step's {@code parsed_malformed}.
 */
final class LogOutputParser implements OutputParser {
    private static final Logger log = LoggerFactory.getLogger(LogOutputParser.class);
    private final LogParser parser;

    LogOutputParser(LogParser parser) {
        this.parser = parser;
    }

    @Override
    public Map<String, Double> parse(
            Path output,
            Map<String, String> options,
            TrialTimed measured,
            Consumer<SpecificRecord> emit)
            throws IOException {
        // An option the parser does not take is the experiment's mistake, whatever the command
        // wrote: said first.
        ParserOptions.check(parser, options);
        if (!Files.isRegularFile(output)) {
            throw new IOException("parser " + parser.name() + ": no output file " + output);
        }
        Optional<String> mismatch = parser.mismatch(LineReader.head(output));
        if (mismatch.isPresent()) {
            throw new IOException(
                    "parser "
                            + parser.name()
                            + ": "
                            + output.getFileName()
                            + " is not its format: "
                            + mismatch.get());
        }
        SubSteps steps = new SubSteps(measured, emit);
        Path quarantined = output.resolveSibling(output.getFileName() + ".quarantine.jsonl");
        try (QuarantineFile quarantine = QuarantineFile.create(quarantined, output);
                Stream<Parsed> records = parser.records(output, options)) {
            records.forEach(
                    record -> {
                        if (record instanceof Parsed.Malformed malformed) {
                            quarantine.add(malformed);
                        } else {
                            steps.add(record);
                        }
                    });
            if (quarantine.publish() != null) {
                log.warn(
                        "trial {}: {} record(s) of {} not read; see {}",
                        measured.getTrialId(),
                        quarantine.count(),
                        output.getFileName(),
                        quarantined);
            }
            return steps.metrics(quarantine.count());
        }
    }
}
