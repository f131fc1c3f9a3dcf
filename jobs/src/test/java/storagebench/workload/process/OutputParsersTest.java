package storagebench.workload.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.BadInputException;
import storagebench.events.Outcome;
import storagebench.events.TrialTimed;
import storagebench.logformat.LogParser;
import storagebench.logformat.LogParsers;
import storagebench.logformat.ParserOption;

class OutputParsersTest {
    @TempDir Path dir;

    private static List<LogParser> logParsers() {
        List<LogParser> parsers = new ArrayList<>();
        LogParsers.names().forEach(name -> parsers.add(LogParsers.find(name).orElseThrow()));
        return parsers;
    }

    /** The option's key with its last letter changed; a prefix gets a name after it. */
    private static String mistyped(ParserOption option) {
        String key =
                option.prefixed()
                        ? option.key().substring(0, option.key().length() - 1)
                        : option.key();
        char last = key.charAt(key.length() - 1);
        return key.substring(0, key.length() - 1)
                + (last == 'x' ? 'q' : 'x')
                + (option.prefixed() ? ".name" : "");
    }

    private static TrialTimed measured() {
        Instant start = Instant.parse("2026-11-30T08:00:00Z");
        return TrialTimed.newBuilder()
                .setEventId("trial-0/run")
                .setRunId("run-0")
                .setExperiment("parsers")
                .setHost("host")
                .setTrialId("trial-0")
                .setTrialIndex(0)
                .setVariant("default")
                .setFactors(Map.of())
                .setRepetition(1)
                .setWarmup(false)
                .setStep("run")
                .setStartTime(start)
                .setEndTime(start)
                .setDurationNs(1)
                .setOutcome(Outcome.OK)
                .setMetrics(Map.of())
                .build();
    }

    @Test
    void everyParserRefusesAnOptionItDoesNotTakeBeforeAnythingRuns() {
        for (String name : OutputParsers.names()) {
            // given
            Map<String, String> options = ParserOptionsText.parse("no-such-option=1");

            // when / then
            assertThatThrownBy(() -> OutputParsers.checkOptions(name, options))
                    .as(name)
                    .isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith(name + ": unknown option 'no-such-option'; ");
        }
    }

    @Test
    void everyOptionAParserDeclaresPassesTheCheck() {
        for (LogParser parser : logParsers()) {
            for (ParserOption option : parser.options()) {
                // given
                String key = option.key() + (option.prefixed() ? "name" : "");

                // when / then
                assertThatCode(
                                () ->
                                        OutputParsers.checkOptions(
                                                parser.name(), ParserOptionsText.parse(key + "=1")))
                        .as("%s %s", parser.name(), key)
                        .doesNotThrowAnyException();
            }
        }
    }

    @Test
    void aMistypedOptionFailsTheParserNamingTheFormatAndTheKeyBeforeTheOutputIsLookedAt() {
        for (LogParser parser : logParsers()) {
            for (ParserOption option : parser.options()) {
                // given parser-options with a letter changed, and no output at all
                String key = mistyped(option);
                Map<String, String> options = ParserOptionsText.parse(key + "=1");
                OutputParser reader = OutputParsers.find(parser.name()).orElseThrow();
                List<SpecificRecord> emitted = new ArrayList<>();

                // when / then
                assertThatThrownBy(
                                () ->
                                        reader.parse(
                                                dir.resolve("missing.out"),
                                                options,
                                                measured(),
                                                emitted::add))
                        .as("%s %s", parser.name(), key)
                        .isInstanceOf(BadInputException.class)
                        .hasMessageStartingWith(
                                parser.name() + ": unknown option '" + key + "'; options: ");
                assertThat(emitted).isEmpty();
            }
        }
    }
}
