package storagebench.experiment;

/** What a run does after a failed trial; the failure is recorded either way. */
public enum OnFailure {
    CONTINUE,
    STOP
}
