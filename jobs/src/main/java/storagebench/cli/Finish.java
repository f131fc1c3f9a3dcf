package storagebench.cli;

import storagebench.Settings;
import storagebench.broker.KafkaConnection;
import storagebench.runner.ExperimentRun;

/** What {@code run} does after the job: bring the dataset up to date and show the run's summary. */
final class Finish {
    private Finish() {
    }

    static void sinkAndReport(Settings settings, KafkaConnection kafka, ExperimentRun run, boolean noReport) {
        // joined with the sink and the report when they land
    }
}
