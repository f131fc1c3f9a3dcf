package storagebench.importer;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * @param completed the RunFinished of a completed import, or null
 * @param lastRecord the highest record number with an event in the topic, 0 when none
 */
record ImportHistory(int starts, Instant firstStart, RunFinished completed, long lastRecord) {
    private static final Pattern QUARANTINED = Pattern.compile("quarantined=(\\d+)");

    static ImportHistory read(KafkaConnection kafka, ImportIdentity id) {
        int[] starts = {0};
        Instant[] first = {null};
        RunFinished[] completed = {null};
        long[] last = {0};
        RunHistory.events(
                kafka,
                id.runId(),
                event -> {
                    if (event instanceof RunStarted started) {
                        starts[0]++;
                        if (first[0] == null || started.getStartTime().isBefore(first[0])) {
                            first[0] = started.getStartTime();
                        }
                    } else if (event instanceof RunFinished finished
                            && finished.getStatus() == RunStatus.COMPLETED) {
                        completed[0] = finished;
                    } else if (event instanceof TrialTimed trial) {
                        last[0] = Math.max(last[0], id.ordinalOf(trial.getEventId()));
                    } else if (event instanceof IoSample sample) {
                        last[0] = Math.max(last[0], id.ordinalOf(sample.getEventId()));
                    }
                });
        return new ImportHistory(starts[0], first[0], completed[0], last[0]);
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
}
