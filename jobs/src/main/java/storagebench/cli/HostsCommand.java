package storagebench.cli;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import storagebench.report.TextTable;
import storagebench.schedule.Firing;
import storagebench.schedule.HostRegistry;
import storagebench.schedule.ScheduleDatabase;

/** {@code storagebench hosts}: the hosts whose services share the job repository, and how they stand. */
@Command(
        name = "hosts",
        mixinStandardHelpOptions = true,
        description = {
            "Lists the hosts of the services (`serve`) that share this job repository: alive (a"
                    + " heartbeat within the last 3 of 5 s), stale (heartbeats missed: killed,"
                    + " frozen or cut off; its running firing is marked lost and its target freed)"
                    + " or gone (its service ended), with its labels, version, the run it runs now"
                    + " and the last it ended.",
        },
        footer = {
            "",
            "Examples:",
            "  storagebench hosts",
            "  storagebench hosts \\",
            "      --set job-repository.url=jdbc:postgresql://db:5432/storagebench"
        })
public final class HostsCommand implements Callable<Integer> {
    @Mixin SettingsOptions settingsOptions;

    @Override
    public Integer call() {
        ScheduleDatabase repository = ScheduleDatabase.of(settingsOptions.load());
        repository.ensureTables();
        List<HostRegistry.Host> hosts = new ArrayList<>();
        repository.use(dataSource -> hosts.addAll(new HostRegistry(dataSource).list()));
        if (hosts.isEmpty()) {
            System.out.println(
                    "no host has registered in job repository "
                            + repository.redacted()
                            + ": each `storagebench serve` registers its host (host.name) as it starts");
            return 0;
        }
        Instant now = Instant.now();
        List<String[]> lines = new ArrayList<>();
        lines.add(
                new String[] {
                    "host",
                    "state",
                    "heartbeat",
                    "labels",
                    "version",
                    "started (UTC)",
                    "running",
                    "last"
                });
        for (HostRegistry.Host h : hosts) {
            lines.add(
                    new String[] {
                        h.name(),
                        h.state().name().toLowerCase(Locale.ROOT),
                        HostRegistry.ago(h.beat(), now),
                        h.identity().labels().isEmpty()
                                ? "-"
                                : HostRegistry.labels(h.identity().labels()),
                        h.identity().version(),
                        ScheduleCommand.time(h.started()),
                        firing(h.running()),
                        firing(h.last())
                    });
        }
        System.out.print(TextTable.aligned(lines, 99));
        return 0;
    }

    /** {@code nightly 20261205-020000-ab12 COMPLETED}, or {@code -}. */
    private static String firing(Optional<Firing> firing) {
        return firing.map(
                        f ->
                                f.schedule()
                                        + " "
                                        + (f.runId() == null ? "(no run)" : f.runId())
                                        + (f.status() == Firing.Status.RUNNING
                                                ? ""
                                                : " " + f.status().name()))
                .orElse("-");
    }
}
