package storagebench.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.SinkBenchmark;
import storagebench.bench.SinkGroupBenchmark;

/** {@code storagebench bench sink}: consumer, Parquet writer and sink throughput on N synthetic events. */
@Command(
        name = "sink",
        mixinStandardHelpOptions = true,
        description = {
            "Publishes N synthetic trial events to a new topic and measures, in ABBA order over P "
                    + "pairs, (c) the sink end to end against (a) a plain consumer then (b) the Parquet writer "
                    + "alone: events/s of each (medians), each pair's c / min(a, b) with their median and "
                    + "range, the load average before and after, and the sink's peak heap.",
            "With --sinks 1,2,3: the events on a topic of --partitions partitions, sunk by that many "
                    + "`storagebench sink --until-idle` processes at once (one consumer group), each "
                    + "count twice in mirrored order (1 2 3 3 2 1); events/s per count, its ratio to "
                    + "one sink, and the load average beside each round.",
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

    @Option(
            names = "--pairs",
            paramLabel = "P",
            defaultValue = "5",
            description = "ABBA pairs of the sink and its ingredients (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--partitions",
            paramLabel = "P",
            defaultValue = "6",
            description =
                    "Partitions of the benchmark topic with --sinks (default: ${DEFAULT-VALUE}).")
    int partitions;

    @Option(
            names = "--sinks",
            paramLabel = "N,N…",
            split = ",",
            description =
                    "Numbers of sink processes to compare, e.g. 1,2,3 (without it: one sink against"
                            + " a plain consumer and the Parquet writer).")
    List<Integer> sinks;

    @Override
    public Integer call() {
        if (events < 1) {
            throw new BadInputException("--events must be at least 1, got " + events);
        }
        if (sinks == null || sinks.isEmpty()) {
            if (pairs < 1) {
                throw new BadInputException("--pairs must be at least 1, got " + pairs);
            }
            System.out.print(SinkBenchmark.run(options.load(), events, pairs).format());
            return 0;
        }
        if (partitions < 1) {
            throw new BadInputException("--partitions must be at least 1, got " + partitions);
        }
        for (int count : sinks) {
            if (count < 1 || count > 64) {
                throw new BadInputException("--sinks: each count must be 1 to 64, got " + count);
            }
        }
        System.out.print(
                SinkGroupBenchmark.run(options.load(), Main.class, events, partitions, sinks)
                        .format());
        return 0;
    }
}
