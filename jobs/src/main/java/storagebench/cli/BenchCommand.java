package storagebench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code storagebench bench}: measurements of the tool's own pipeline. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        subcommands = {
            BenchSinkCommand.class,
            BenchWorkloadsCommand.class,
            BenchHarnessCommand.class,
            BenchTargetsCommand.class,
            BenchReportCommand.class,
            BenchServeCommand.class,
            BenchOltpCommand.class,
            BenchClusterCommand.class,
            BenchImportCommand.class,
            BenchSamplingCommand.class,
            BenchChangepointsCommand.class
        },
        description = "Measures the pipeline itself (not a storage experiment).")
public final class BenchCommand implements Runnable {
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
