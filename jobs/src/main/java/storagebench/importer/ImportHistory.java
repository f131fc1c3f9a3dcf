package storagebench.importer;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.specific.SpecificRecord;
import storagebench.broker.KafkaConnection;
import storagebench.events.IoSample;
import storagebench.events.RunFinished;
import storagebench.events.RunHistory;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TrialTimed;

/**
 * What the topic already holds of one import. Each chunk of records is published in one
 * transaction, in order, so the topic always holds the events of a prefix of the file's records:
 * those up to {@code lastRecord}.
 *
 * @param starts RunStarted events of the run
 * @param firstStart the first attempt's start, or null
 * @param firstExperiment the first attempt's experiment, or null: a run's events keep the one it began
 *     with
 * @param completed the RunFinished of a completed import, or null
 * @param lastRecord the highest record number with an event in the topic, 0 when none
 */
record ImportHistory(
        int starts,
        Instant firstStart,
        String firstExperiment,
        RunFinished completed,
        long lastRecord) {
    private static final Pattern QUARANTINED = Pattern.compile("quarantined=(\\d+)");

    static final ImportHistory NONE = new ImportHistory(0, null, null, null, 0);

    /** The histories of several imports from one scan of the topic, by run id (NONE for a run it lacks). */
    static Map<String, ImportHistory> readAll(
            KafkaConnection kafka, Collection<ImportIdentity> ids) {
        Map<String, Reading> readings = new HashMap<>();
        ids.forEach(id -> readings.put(id.runId(), new Reading(id)));
        RunHistory.events(
                kafka, readings.keySet(), (runId, event) -> readings.get(runId).add(event));
        Map<String, ImportHistory> histories = new HashMap<>();
        readings.forEach((runId, reading) -> histories.put(runId, reading.history()));
        return histories;
    }

    /** The records the completed import quarantined, as its RunFinished's error says ({@code quarantined=N}). */
    long quarantined() {
        String error = completed == null ? null : completed.getError();
        if (error == null) {
            return 0;
        }
        Matcher m = QUARANTINED.matcher(error);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** One run's history as the scan goes. */
    private static final class Reading {
        private final ImportIdentity id;
        private int starts;
        private Instant first;
        private String experiment;
        private RunFinished completed;
        private long last;

        Reading(ImportIdentity id) {
            this.id = id;
        }

        void add(SpecificRecord event) {
            if (event instanceof RunStarted started) {
                starts++;
                if (first == null || started.getStartTime().isBefore(first)) {
                    first = started.getStartTime();
                    experiment = started.getExperiment();
                }
            } else if (event instanceof RunFinished finished
                    && finished.getStatus() == RunStatus.COMPLETED) {
                completed = finished;
            } else if (event instanceof TrialTimed trial) {
                last = Math.max(last, id.ordinalOf(trial.getEventId()));
            } else if (event instanceof IoSample sample) {
                last = Math.max(last, id.ordinalOf(sample.getEventId()));
            }
        }

        ImportHistory history() {
            return starts == 0 && completed == null && last == 0
                    ? NONE
                    : new ImportHistory(starts, first, experiment, completed, last);
        }
    }
}
