package storagebench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.config.HostIdentity;
import storagebench.report.HostScope;

/** {@code --host} and {@code --host-label}: the hosts an answer covers (report, compare, trend). */
final class HostOptions {
    @Option(
            names = "--host",
            paramLabel = "HOST",
            description = "Only trials that ran on this host (its host.name).")
    String host;

    @Option(
            names = "--host-label",
            paramLabel = "KEY=VALUE",
            description =
                    "Only trials of runs whose host carried this label (host.labels, import"
                            + " --host-label); repeatable: all must match.")
    List<String> labels = new ArrayList<>();

    /** The hosts given; a bad label is refused as the setting host.labels refuses it. */
    HostScope scope() {
        return HostScope.of(
                host,
                HostIdentity.labels(
                        labels,
                        p ->
                                new BadInputException(
                                        "--host-label " + p.entry() + ": " + p.reason())));
    }
}
