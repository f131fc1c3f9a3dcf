package storagebench.cli;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.sink.Sink;
import storagebench.sink.SinkResult;

/** {@code storagebench sink}: the events topic into the Parquet dataset, exactly once. */
@Command(
        name = "sink",
        mixinStandardHelpOptions = true,
        description = {
            "Writes the events topic into the Parquet dataset under <data-dir>/parquet, exactly once.",
            "Runs until stopped (Ctrl-C / SIGTERM close open files cleanly), or with --until-idle until the "
                    + "topic's end."
        },
        footer = {"", "Examples:", "  storagebench sink", "  storagebench sink --until-idle"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:done, also when stopped by Ctrl-C or SIGTERM once the open files are closed (or before any was open)",
            "1:failed, or the open files could not be closed",
            "2:bad options or settings",
            "143:stopped by SIGTERM while the JVM was still starting, before anything was open"
        })
public final class SinkCommand implements Callable<Integer> {
    private static final Logger log = LoggerFactory.getLogger(SinkCommand.class);

    @Mixin SettingsOptions options;

    @Spec CommandSpec spec;

    @Option(
            names = "--until-idle",
            description = "Stop once every committed event is in the dataset.")
    boolean untilIdle;

    @Override
    public Integer call() {
        Settings settings = options.load();
        OnSignal signal = new OnSignal();
        int code = Main.FAILED;
        try {
            SinkResult result = sink(settings, signal);
            System.out.println("sink: " + result.summary());
            log.info("process CPU time {} s", String.format(Locale.ROOT, "%.1f", cpuSeconds()));
            code = 0;
        } catch (RuntimeException e) {
            if (!signal.received()) {
                throw e;
            }
            code = new Failures().handleExecutionException(e, spec.commandLine(), null);
        } finally {
            signal.exit(code);
        }
        return code;
    }

    /** This process's CPU time so far (what {@code bench sink --sinks} sets beside the wall time). */
    private static double cpuSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime() / 1e9;
        }
        return Double.NaN;
    }

    private SinkResult sink(Settings settings, OnSignal signal) {
        try (KafkaConnection kafka = KafkaConnection.open(settings);
                Sink sink = Sink.open(settings, kafka)) {
            signal.stops(sink);
            return untilIdle ? sink.runUntilIdle(Sink.QUIET) : sink.run();
        }
    }

    /**
     * Ctrl-C and SIGTERM stop the sink, which rolls its open files; the JVM then exits with the
     * command's code rather than 143 (the JVM's own for SIGTERM), once everything is printed. The
     * hook is in place from the command's start: a signal that comes while the sink is still opening
     * (waiting for its broker, say) ends the command at once with 0, as nothing is open yet.
     */
    static final class OnSignal {
        private static final long STOP_WAIT_SECONDS = 60;

        private final CountDownLatch done = new CountDownLatch(1);
        private volatile int code = Main.FAILED;
        private volatile Sink sink;
        private volatile Thread hook;

        OnSignal() {
            hook = new Thread(this::onSignal, "sink-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        /** From now on a signal stops {@code sink} and waits for its files to close. */
        void stops(Sink sink) {
            this.sink = sink;
        }

        private void onSignal() {
            Sink open = sink;
            if (open == null) {
                halt(0); // nothing is open yet
                return;
            }
            try {
                open.stop();
            } catch (RuntimeException e) {
                // the sink has just finished by itself; its code comes all the same
            }
            awaitAndHalt();
        }

        /**
         * Whether the JVM is shutting down on a signal: the hook then runs, and waits for {@link #exit(int)}.
         * Otherwise the hook is removed here and never runs.
         */
        boolean received() {
            Thread registered = hook;
            if (registered == null) {
                return false;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(registered);
                hook = null;
                return false;
            } catch (IllegalStateException e) {
                return true;
            }
        }

        /** The command is done and has printed all it prints: a waiting hook exits with {@code code}. */
        void exit(int code) {
            received();
            this.code = code;
            done.countDown();
        }

        private void awaitAndHalt() {
            int exit;
            try {
                exit = done.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS) ? code : Main.FAILED;
            } catch (InterruptedException e) {
                exit = Main.FAILED;
            }
            if (exit == Main.FAILED && done.getCount() > 0) {
                System.err.println(
                        "storagebench sink: the open files were not closed within "
                                + STOP_WAIT_SECONDS
                                + " s");
            }
            halt(exit);
        }

        private static void halt(int exit) {
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(exit);
        }
    }
}
