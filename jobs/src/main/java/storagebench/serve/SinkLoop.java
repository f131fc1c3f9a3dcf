package storagebench.serve;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.report.RunOverview;
import storagebench.schedule.DatasetCatchUp;
import storagebench.sink.Sink;
import storagebench.storage.ReadableDataset;

/**
 * The service's continuous sink: the topic into the dataset, files rolled when idle (or when a run has
 * ended and its check wants them). Other processes sinking the same dataset (a second service, a
 * {@code run} finishing, {@code storagebench sink}) share the topic's partitions with it in the
 * dataset's consumer group.
 */
final class SinkLoop implements DatasetCatchUp, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SinkLoop.class);
    private static final Duration RETRY = Duration.ofSeconds(5);

    private final Settings settings;
    private final KafkaConnection kafka;
    private final Thread thread;
    private volatile Sink current;
    private volatile boolean stopped;

    SinkLoop(Settings settings, KafkaConnection kafka) {
        this.settings = settings;
        this.kafka = kafka;
        this.thread = new Thread(this::loop, "serve-sink");
    }

    void start() {
        thread.start();
    }

    private void loop() {
        while (!stopped) {
            try (Sink sink = Sink.open(settings, kafka)) {
                current = sink;
                if (stopped) {
                    break;
                }
                log.info("sinking into {} until the service ends", settings.datasetName());
                sink.run();
            } catch (RuntimeException e) {
                if (!stopped) {
                    log.warn(
                            "the sink stopped: {}; starting it again in {}", e.getMessage(), RETRY);
                    pause();
                }
            } finally {
                current = null;
            }
        }
    }

    /** Waits before the next try; never interrupted (an interrupt would close a file being written). */
    private void pause() {
        long deadline = System.nanoTime() + RETRY.toNanos();
        while (!stopped && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            }
        }
    }

    @Override
    public boolean catchUp(String experiment, String runId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && !stopped) {
            rollSoon();
            try {
                Thread.sleep(300);
                if (RunOverview.finished(ReadableDataset.folder(settings), experiment, runId)) {
                    return true;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (RuntimeException e) {
                log.debug("the dataset is not readable yet: {}", e.getMessage());
            }
        }
        return false;
    }

    @Override
    public void rollSoon() {
        Sink sink = current;
        if (sink != null) {
            sink.rollSoon();
        }
    }

    /** Stops the sink, which rolls its open files, and waits for it. */
    @Override
    public void close() {
        stopped = true;
        Sink sink = current;
        if (sink != null) {
            sink.stop();
        }
        try {
            thread.join(Duration.ofSeconds(60).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
