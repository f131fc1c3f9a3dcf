package storagebench.serve;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import storagebench.runner.RunObserver;
import storagebench.runner.RunProgress;

/**
 * The runs under way, pushed to every open dashboard as Server-Sent Events: {@code progress} (trial i
 * of N, variant, elapsed, estimated time left) at the start and end of each trial, {@code ended} when
 * a run is over. A page that opens gets the current state at once. {@code ended} goes out once the
 * dashboard's reading of the dataset holds the run (the run's events are in the dataset by then), so
 * the page that reloads on it shows how the run ended. That reading is made on a thread of its own,
 * and only while a page is open: the run's thread goes on at once, and a service nobody watches (most
 * hosts of a fleet) reads the dataset for its pages when one is asked for, not at every run's end.
 */
final class LiveProgress implements RunObserver {
    private final List<SseEmitter> emitters = new CopyOnWriteArrayList<>();
    private final Map<String, Map<String, Object>> running = new LinkedHashMap<>();
    private final DatasetViews dataset;
    private final ExecutorService reader =
            Executors.newSingleThreadExecutor(
                    r -> {
                        Thread t = new Thread(r, "dashboard-reader");
                        t.setDaemon(true);
                        return t;
                    });

    LiveProgress(DatasetViews dataset) {
        this.dataset = dataset;
    }

    /** A new stream for a page, with what runs now. */
    SseEmitter subscribe() {
        SseEmitter emitter = new SseEmitter(0L);
        emitters.add(emitter);
        emitter.onCompletion(() -> emitters.remove(emitter));
        emitter.onTimeout(() -> emitters.remove(emitter));
        emitter.onError(e -> emitters.remove(emitter));
        List<Map<String, Object>> now;
        synchronized (running) {
            now = List.copyOf(running.values());
        }
        // a comment first: the response starts at once, so the page (and a service's end) sees the
        // stream open even while nothing runs
        send(emitter, SseEmitter.event().comment("progress of the runs under way"));
        for (Map<String, Object> state : now) {
            send(emitter, "progress", state);
        }
        return emitter;
    }

    /**
     * Ends every open page's stream as the service ends: the web server's graceful stop waits for open
     * requests, and a stream left open would hold it for its whole timeout (30 s).
     */
    @EventListener(ContextClosedEvent.class)
    void closeStreams() {
        reader.shutdownNow();
        emitters.forEach(SseEmitter::complete);
        emitters.clear();
    }

    /** What runs now, for the page as it is first drawn. */
    List<Map<String, Object>> running() {
        synchronized (running) {
            return List.copyOf(running.values());
        }
    }

    @Override
    public void trialStarting(RunProgress p) {
        publish(p, "running trial");
    }

    @Override
    public void trialDone(RunProgress p) {
        publish(p, "done trial");
    }

    @Override
    public void runEnded(String runId, String status) {
        synchronized (running) {
            running.remove(runId);
        }
        if (emitters.isEmpty()) {
            return;
        }
        Map<String, Object> ended = Map.of("runId", runId, "status", status);
        reader.execute(
                () -> {
                    dataset.refresh();
                    emitters.forEach(e -> send(e, "ended", ended));
                });
    }

    private void publish(RunProgress p, String what) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("runId", p.runId());
        state.put("experiment", p.experiment());
        state.put("trial", p.trial());
        state.put("total", p.total());
        state.put("variant", p.variant());
        state.put("warmup", p.warmup());
        state.put("what", what);
        state.put("elapsed", clock(p.elapsed()));
        state.put("left", p.left() == null ? "" : clock(p.left()));
        state.put("failures", p.failures());
        state.put(
                "line",
                what
                        + " "
                        + p.trial()
                        + " of "
                        + p.total()
                        + " ["
                        + p.variant()
                        + "]"
                        + (p.warmup() ? " warm-up" : "")
                        + " · elapsed "
                        + clock(p.elapsed())
                        + (p.left() == null ? "" : " · ~" + clock(p.left()) + " left"));
        synchronized (running) {
            running.put(p.runId(), state);
        }
        emitters.forEach(e -> send(e, "progress", state));
    }

    private void send(SseEmitter emitter, String name, Object data) {
        send(emitter, SseEmitter.event().name(name).data(data, MediaType.APPLICATION_JSON));
    }

    private void send(SseEmitter emitter, SseEmitter.SseEventBuilder event) {
        try {
            emitter.send(event);
        } catch (IOException | IllegalStateException e) {
            emitters.remove(emitter);
        }
    }

    static String clock(Duration d) {
        return String.format(
                Locale.ROOT, "%d:%02d:%02d", d.toHours(), d.toMinutesPart(), d.toSecondsPart());
    }
}
