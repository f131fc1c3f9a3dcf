package storagebench.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.bench.FloorPace;
import storagebench.bench.HarnessBenchmark;

/** {@code bench harness}: a trial's overhead through the harness beside its floor, a bare Kafka transaction. */
@Command(
        name = "harness",
        mixinStandardHelpOptions = true,
        description = {
            "Measures on one throwaway embedded broker, in ABBA order over P pairs after a warm-up"
                    + " pair of W: (a) the floor, one Kafka transaction of a trial's own records (the same"
                    + " number and sizes, the same topic and producer settings), alone; (b) trials of"
                    + " `true` through the whole harness, each from its start to the next trial's minus"
                    + " its measured phase.",
            "Reports the median and p90 of both, (b) - (a), each pair's ratio b / a with their median"
                    + " and range, the load average before and after, where (b) goes, and how long"
                    + " the JIT compiled while each block ran."
        })
public final class BenchHarnessCommand implements Callable<Integer> {
    @Option(
            names = "--dir",
            paramLabel = "DIR",
            defaultValue = "data/bench",
            description = "Where the temporary broker and runs go (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Mixin HarnessOptions harness;

    @Option(
            names = "--pairs",
            paramLabel = "P",
            defaultValue = "5",
            description = "ABBA pairs of floor and harness (default: ${DEFAULT-VALUE}).")
    int pairs;

    @Option(
            names = "--floor",
            paramLabel = "PACE",
            defaultValue = "paced",
            converter = PaceConverter.class,
            description =
                    "What comes between the floor's transactions: paced (a run of `true`, not"
                            + " timed, as between a harness's trials) or back-to-back (default:"
                            + " ${DEFAULT-VALUE}).")
    FloorPace pace;

    /** {@code paced} or {@code back-to-back}. */
    static final class PaceConverter implements CommandLine.ITypeConverter<FloorPace> {
        @Override
        public FloorPace convert(String value) {
            for (FloorPace p : FloorPace.values()) {
                if (p.label().equals(value)) {
                    return p;
                }
            }
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not paced or back-to-back");
        }
    }

    @Override
    public Integer call() throws Exception {
        harness.check();
        if (pairs < 1) {
            throw new BadInputException("--pairs must be at least 1");
        }
        System.out.print(
                HarnessBenchmark.run(dir, harness.trials, pairs, harness.warmUp, pace).format());
        return 0;
    }
}
