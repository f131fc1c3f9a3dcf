package storagebench.cli;

import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** The storagebench command line. Exit codes: 0 done, 1 failed, 2 bad input (nothing ran). */
@Command(
        name = "storagebench",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Runs database storage experiments and keeps every result as an event.",
        subcommands = {
            RunCommand.class,
            ImportCommand.class,
            SinkCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            TrendCommand.class,
            SqlCommand.class,
            BrokerCommand.class,
            ReplayCommand.class,
            ExportCommand.class,
            WorkloadsCommand.class,
            ServeCommand.class,
            ScheduleCommand.class,
            HostsCommand.class,
            BenchCommand.class,
            HelpCommand.class
        })
public final class Main implements Runnable {
    public static final int FAILED = 1;
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        if (debug(args)) {
            // before anything logs: the log then shows stack traces (logback.xml)
            System.setProperty("storagebench.log.exceptions", "%ex");
        }
        return commandLine().execute(args);
    }

    /** The command line with every command, its failure handling and the import formats' list. */
    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(new Failures());
        cli.setParameterExceptionHandler(new BadArguments());
        ImportCommand.describeFormats(cli.getSubcommands().get("import"));
        return cli;
    }

    /** Whether stack traces are wanted: {@code --debug} anywhere, or STORAGEBENCH_DEBUG set. */
    static boolean debug(String... args) {
        return System.getenv("STORAGEBENCH_DEBUG") != null
                || Arrays.asList(args).contains("--debug");
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
