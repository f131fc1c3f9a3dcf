package storagebench.importer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import storagebench.BadInputException;
import storagebench.config.HostIdentity;
import storagebench.config.Secrets;
import storagebench.config.Values;
import storagebench.logformat.ControlCharacters;
import storagebench.logformat.LogParser;

/**
 * What {@code import} was asked to do with each of its files.
 *
 * @param parser the format's parser
 * @param options the parser's options ({@code --option})
 * @param experiment the experiment to file the runs under; default: the format and the file's name
 * @param host the host the log came from; default {@code imported}
 * @param factors factors added to every record's ({@code --factor}; they win over the parser's)
 * @param hostLabels the host's labels ({@code --host-label}), checked as the setting {@code
 *     host.labels} is
 */
public record ImportRequest(
        LogParser parser,
        Map<String, String> options,
        Optional<String> experiment,
        Optional<String> host,
        Map<String, String> factors,
        Map<String, String> hostLabels) {
    public static final String DEFAULT_HOST = "imported";

    public ImportRequest {
        host.flatMap(HostIdentity::nameProblem)
                .ifPresent(
                        problem -> {
                            throw new BadInputException("--host: " + problem);
                        });
        hostLabels = Map.copyOf(hostLabels);
        experiment
                .map(Values::experimentNameProblem)
                .ifPresent(
                        problem -> {
                            throw new BadInputException("--experiment: " + problem);
                        });
        refuseSecrets("--factor", factors);
        refuseSecrets("--option", options);
        options = Map.copyOf(options);
        factors = Collections.unmodifiableMap(new LinkedHashMap<>(factors));
    }

    /** A request without host labels. */
    public ImportRequest(
            LogParser parser,
            Map<String, String> options,
            Optional<String> experiment,
            Optional<String> host,
            Map<String, String> factors) {
        this(parser, options, experiment, host, factors, Map.of());
    }

    /**
     * The labels of {@code --host-label} entries ({@code key=value} each), refused as the setting
     * {@code host.labels} refuses them.
     */
    public static Map<String, String> hostLabels(List<String> entries) {
        return HostIdentity.labels(
                entries,
                p -> new BadInputException("--host-label " + p.entry() + ": " + p.reason()));
    }

    /** The run's experiment: as given, else named for what the file is ({@link FileExperiment}). */
    public String experimentFor(SourceFile source) {
        return experiment.orElseGet(() -> FileExperiment.of(parser.name(), source.name()));
    }

    /**
     * Factors label every result and options are stored with the run: neither may carry a secret (nor show
     * it), nor a control character.
     */
    private static void refuseSecrets(String option, Map<String, String> pairs) {
        pairs.forEach(
                (key, value) -> {
                    if (Secrets.isSecretName(key)
                            || Secrets.holdsSecret(key)
                            || Secrets.holdsSecret(value)) {
                        throw new BadInputException(
                                option
                                        + " "
                                        + Secrets.redactText(key)
                                        + ": "
                                        + (Secrets.isSecretName(key)
                                                ? "looks like a secret"
                                                : "holds a password (a URL's user info "
                                                        + "or a password= parameter)")
                                        + "; "
                                        + (option.equals("--factor")
                                                ? Secrets.NOT_A_FACTOR
                                                : "options are stored with the run"));
                    }
                    if ((key + value).codePoints().anyMatch(ControlCharacters::refused)) {
                        throw new BadInputException(
                                option
                                        + " "
                                        + ControlCharacters.escape(key)
                                        + ": holds a control "
                                        + "character ("
                                        + ControlCharacters.escape(key + "=" + value)
                                        + ")");
                    }
                });
    }

    /**
     * The host of a file's run: as given ({@code --host}), else the one the log names where {@code
     * --host-from-log} took it (sysstat's banner, sadf's hostname column), else {@value
     * #DEFAULT_HOST}.
     */
    public String hostFor(SourceFile source) {
        return host.or(() -> Optional.ofNullable(source.loggedHost())).orElse(DEFAULT_HOST);
    }
}
