package storagebench.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.Settings;
import storagebench.broker.KafkaConnection;
import storagebench.sink.Sink;
import storagebench.sink.SinkResult;

/** {@code storagebench sink}: the events topic into the Parquet dataset, exactly once. */
@Command(name = "sink", mixinStandardHelpOptions = true,
        description = {"Writes the events topic into the Parquet dataset under <data-dir>/parquet, exactly once.",
                "Runs until stopped (Ctrl-C / SIGTERM close open files cleanly), or with --until-idle until the "
                        + "topic's end."})
public final class SinkCommand implements Callable<Integer> {
    private static final long STOP_WAIT_SECONDS = 60;

    @Mixin
    SettingsOptions options;

    @Option(names = "--until-idle", description = "Stop once every committed event is in the dataset.")
    boolean untilIdle;

    @Override
    public Integer call() {
        Settings settings = options.load();
        CountDownLatch finished = new CountDownLatch(1);
        try (KafkaConnection kafka = KafkaConnection.open(settings); Sink sink = Sink.open(settings, kafka)) {
            Thread hook = new Thread(() -> {
                sink.stop();
                await(finished);
            }, "sink-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            SinkResult result = untilIdle ? sink.runUntilIdle(Sink.QUIET) : sink.run();
            removeHook(hook);
            System.out.println("sink: " + result.summary());
            return 0;
        } finally {
            finished.countDown();
        }
    }

    private static void await(CountDownLatch finished) {
        try {
            finished.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook waits for us to finish
        }
    }
}
