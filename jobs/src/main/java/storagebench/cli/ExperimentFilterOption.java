package storagebench.cli;

import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --experiment}: only one experiment's events, for the commands that read the topic. */
final class ExperimentFilterOption {
    @Option(
            names = "--experiment",
            paramLabel = "NAME",
            description = "Only this experiment's events.")
    String experiment;

    /** The experiment asked for, or empty for all. */
    Optional<String> experiment() {
        return Optional.ofNullable(experiment);
    }
}
