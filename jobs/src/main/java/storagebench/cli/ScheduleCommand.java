package storagebench.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.config.Settings;
import storagebench.report.TextTable;
import storagebench.schedule.ScheduleControl;
import storagebench.schedule.ScheduleStore;
import storagebench.schedule.ScheduleView;
import storagebench.schedule.Schedules;

/** {@code storagebench schedule}: the schedules in the job repository, with or without a service. */
@Command(
        name = "schedule",
        mixinStandardHelpOptions = true,
        subcommands = {ScheduleCommand.ListCommand.class, ScheduleCommand.NextCommand.class},
        description = {
            "Lists, pauses, resumes or fires now the schedules of a schedules file, in the job repository"
                    + " that `serve` uses: a running service sees the change within a second or two;"
                    + " without one, it takes effect when one starts.",
        },
        footer = {
            "",
            "Examples:",
            "  storagebench schedule list",
            "  storagebench schedule next --count 5",
            "  storagebench schedule pause nightly-file-init",
            "  storagebench schedule trigger nightly-file-init"
        })
public final class ScheduleCommand implements Runnable {
    @Spec CommandSpec spec;

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The options every subcommand takes: the settings, the data directory, the schedules file. */
    public static final class StoreOptions {
        @Mixin SettingsOptions settingsOptions;

        @Option(
                names = "--schedules",
                paramLabel = "FILE",
                defaultValue = "pipeline-config/schedules.yaml",
                description = "The schedules file (default: ${DEFAULT-VALUE}).")
        Path schedulesFile;

        ScheduleStore open() {
            Settings settings = settingsOptions.load();
            return ScheduleStore.open(settings, Schedules.load(schedulesFile, settings.dataDir()));
        }
    }

    static String time(Instant instant) {
        return instant == null ? "-" : TIME.format(instant);
    }

    @Command(
            name = "list",
            mixinStandardHelpOptions = true,
            description = "The schedules: state, next firing, last outcome.")
    static final class ListCommand implements Callable<Integer> {
        @Mixin StoreOptions options;

        @Override
        public Integer call() {
            try (ScheduleStore store = options.open()) {
                ScheduleControl control = store.control();
                List<String[]> lines = new ArrayList<>();
                lines.add(
                        new String[] {
                            "schedule",
                            "state",
                            "next (UTC)",
                            "last",
                            "run",
                            "cron",
                            "hosts",
                            "experiment"
                        });
                for (ScheduleView v : control.list()) {
                    lines.add(
                            new String[] {
                                v.name(),
                                v.state(),
                                time(v.next()),
                                v.last() == null ? "-" : v.last().status().name(),
                                v.last() == null || v.last().runId() == null
                                        ? "-"
                                        : v.last().runId(),
                                v.cron() + " (" + v.timeZone() + ")",
                                v.hosts(),
                                v.experiment()
                            });
                }
                System.out.print(TextTable.aligned(lines, 99));
                control.list().stream()
                        .filter(v -> v.problem() != null)
                        .forEach(
                                v ->
                                        System.out.println(
                                                "broken: " + v.name() + ": " + v.problem()));
                System.out.println(
                        control.serviceRunning()
                                ? "a service is running on this job repository"
                                : "no service is running on this job repository: nothing fires until `storagebench serve` runs");
            }
            return 0;
        }
    }

    @Command(
            name = "next",
            mixinStandardHelpOptions = true,
            description = "The next firing times of each schedule (UTC).")
    static final class NextCommand implements Callable<Integer> {
        @Mixin StoreOptions options;

        @Option(
                names = "--count",
                paramLabel = "N",
                defaultValue = "3",
                description = "Firings per schedule (default: ${DEFAULT-VALUE}).")
        int count;

        @Override
        public Integer call() {
            if (count < 1) {
                throw new BadInputException("--count must be at least 1, got " + count);
            }
            try (ScheduleStore store = options.open()) {
                for (ScheduleView v : store.control().list()) {
                    List<Instant> next = store.next(v.name(), count);
                    System.out.println(
                            v.name()
                                    + ": "
                                    + (next.isEmpty()
                                            ? "does not fire ("
                                                    + v.state().toLowerCase(Locale.ROOT)
                                                    + ")"
                                            : String.join(
                                                    ", ",
                                                    next.stream()
                                                            .map(ScheduleCommand::time)
                                                            .toList())));
                }
            }
            return 0;
        }
    }

    @Command(
            name = "pause",
            mixinStandardHelpOptions = true,
            description = "Stops a schedule firing until it is resumed (kept over restarts).")
    int pause(
            @Mixin StoreOptions options,
            @Parameters(paramLabel = "NAME", description = "The schedule.") String name) {
        return act(options, name, ScheduleControl::pause, "paused");
    }

    @Command(
            name = "resume",
            mixinStandardHelpOptions = true,
            description = "Lets a paused schedule fire again.")
    int resume(
            @Mixin StoreOptions options,
            @Parameters(paramLabel = "NAME", description = "The schedule.") String name) {
        return act(options, name, ScheduleControl::resume, "resumed");
    }

    @Command(
            name = "trigger",
            mixinStandardHelpOptions = true,
            description = "Fires a schedule once, now (a running service runs it).")
    int trigger(
            @Mixin StoreOptions options,
            @Parameters(paramLabel = "NAME", description = "The schedule.") String name) {
        return act(options, name, ScheduleControl::trigger, "fired");
    }

    /** Does {@code action} to a schedule and says so, and whether a service will act on it. */
    private static int act(
            StoreOptions options,
            String name,
            BiConsumer<ScheduleControl, String> action,
            String done) {
        try (ScheduleStore store = options.open()) {
            ScheduleControl control = store.control();
            action.accept(control, name);
            System.out.println(
                    "schedule "
                            + name
                            + ": "
                            + done
                            + (control.serviceRunning()
                                    ? "; the running service acts on it within a second or two"
                                    : "; no service is running: it takes effect when `storagebench serve` starts"));
        }
        return 0;
    }
}
