package storagebench.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.SinkBenchmark;

/** {@code storagebench bench sink}: consumer, Parquet writer and sink throughput on N synthetic events. */
@Command(
        name = "sink",
        mixinStandardHelpOptions = true,
        description = {
            "Publishes N synthetic trial events to a new topic and reports events/s of (a) a plain "
                    + "consumer, (b) the Parquet writer alone, (c) the sink end to end, c / min(a, b) and the sink's "
                    + "peak heap.",
            "Uses a temporary embedded broker unless a cluster is configured."
        })
public final class BenchSinkCommand implements Callable<Integer> {
    @Mixin SettingsOptions options;

    @Option(
            names = "--events",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "Events to publish and sink (default: ${DEFAULT-VALUE}).")
    long events;

    @Override
    public Integer call() {
        if (events < 1) {
            throw new BadInputException("--events must be at least 1, got " + events);
        }
        System.out.print(SinkBenchmark.run(options.load(), events).format());
        return 0;
    }
}
