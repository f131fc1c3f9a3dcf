package storagebench.workload;

/** Whether a step is timed as a result. Only MEASURED steps become results; the others are recorded untimed. */
public enum Phase {
    SETUP,
    MEASURED,
    CLEANUP
}
