package storagebench.runner;

import java.nio.file.Path;
import storagebench.events.EventPublisher;
import storagebench.events.HostSnapshot;
import storagebench.events.RunHistory;
import storagebench.events.TargetSnapshot;
import storagebench.experiment.Experiment;
import storagebench.experiment.TrialPlan;
import storagebench.probe.HostSampler;
import storagebench.probe.waits.WaitSampler;

/**
 * Everything one run's job needs, built before the job starts.
 *
 * @param runId unique id of the run, also the job instance's identifying parameter
 * @param runDir the run's own directory under the data directory
 * @param attempt 1 for a first start, higher for each restart
 * @param experiment the checked experiment
 * @param plan its trials in order
 * @param host the host snapshot taken at start
 * @param target the target snapshot taken when the run was checked
 * @param publisher sends the run's events
 * @param history what the topic already holds of this run (on restart)
 * @param hostSettings applies and reads back the variants' host settings
 * @param stop asks the run to stop (a signal)
 * @param trigger what fired the run, or null when a person started it
 * @param observer told of the run's progress
 * @param sampler samples the host during each trial
 * @param waits reads a database target's wait statistics over each trial's measured phase
 */
public record RunContext(
        String runId,
        Path runDir,
        int attempt,
        Experiment experiment,
        TrialPlan plan,
        HostSnapshot host,
        TargetSnapshot target,
        EventPublisher publisher,
        RunHistory history,
        HostSettings hostSettings,
        RunStop stop,
        RunTrigger trigger,
        RunObserver observer,
        HostSampler sampler,
        WaitSampler waits) {}
