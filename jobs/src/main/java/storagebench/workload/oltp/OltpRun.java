package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.events.IoSample;
import storagebench.events.TrialTimed;
import storagebench.workload.SteadyState;
import storagebench.workload.StopSignal;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.StepSampler;

/**
 * One oltp trial across its steps. Set-up: the schema (built or reused), the virtual users connected,
 * then the ramp-up (the users start; what they do is not counted). Measured: the users run for the
 * duration while throughput and the server's IO are sampled every interval; the clock stops, the users are
 * told to stop. After it: the users joined, the consistency checked, the events built. Clean-up: the users
 * stopped and disconnected (also after a failure), the schema dropped with per-trial.
 */
final class OltpRun {
    static final String STEP = "run";

    private final TrialContext trial;
    private final OltpSettings settings;
    private final OltpDatabase database;
    private final Mix mix;
    private final OltpKind kind;
    private final SqlScript sql;
    private final SqlScript session;
    private final OltpSchema schema;
    private final StepSampler io;
    private final Function<List<IoSample>, Map<String, Double>> ioMetrics;
    private VirtualUsers users;
    private ThroughputSampler sampler;
    private Instant wallStart;
    private long startNanos;

    /** The ramp-up's length when a steady state ended it or it ran its longest; null without one. */
    private Double rampS;

    /** When the ramp-up's throughput was steady; null when it never was. */
    private Double steadyAfterS;

    OltpRun(
            TrialContext trial,
            OltpSettings settings,
            OltpDatabase database,
            Mix mix,
            OltpKind kind,
            Function<List<IoSample>, Map<String, Double>> ioMetrics) {
        DatabaseTarget target = (DatabaseTarget) trial.target();
        this.trial = trial;
        this.settings = settings;
        this.database = database;
        this.mix = mix;
        this.kind = kind;
        this.sql = target.dialect().script(mix.folder());
        this.session = target.dialect().script(DatabaseOltp.FOLDER);
        this.schema =
                new OltpSchema(
                        database, session, sql, mix, settings, trial.runId(), kind.batches());
        this.io =
                new StepSampler(
                        target,
                        database.url(),
                        trial,
                        STEP,
                        settings.sampleInterval(),
                        database.samplerParameter(mix));
        this.ioMetrics = ioMetrics;
    }

    Map<String, Double> schema() throws SQLException, InterruptedException {
        return schema.prepare();
    }

    Map<String, Double> connect() throws SQLException {
        closeUsers();
        ConnectionLimit.check((DatabaseTarget) trial.target(), settings.virtualUsers());
        users = new VirtualUsers(mix.types().size());
        users.connect(
                database,
                sql,
                session,
                mix,
                settings,
                kind.retryable(),
                settings.seed() * 31L + trial.trialIndex());
        io.open();
        return Map.of("virtual_users", (double) settings.virtualUsers());
    }

    /** Starts the users and lets them run for the ramp-up; a user that fails fails the set-up. */
    Map<String, Double> rampup() throws Exception {
        users.start();
        StopSignal signal = users.signal();
        if (settings.steadyState() != null) {
            return steadyRampup(signal);
        }
        if (!signal.sleepUntil(System.nanoTime() + settings.rampup().toNanos())) {
            throw failure(signal);
        }
        return Map.of("rampup_s", settings.rampup().toNanos() / 1e9);
    }

    /**
     * The ramp-up until throughput is steady (each sample interval's TPM judged, 1 s where the
     * interval is 0s), at most max-ramp (else rampup); whether it got there goes with the measured
     * step's figures.
     */
    private Map<String, Double> steadyRampup(StopSignal signal) throws Exception {
        SteadyState.Judge judge = settings.steadyState().judge();
        ThroughputSampler counter = new ThroughputSampler(users.recorders(), signal);
        long start = System.nanoTime();
        long end =
                start
                        + (settings.steadyState().maxRamp() != null
                                        ? settings.steadyState().maxRamp()
                                        : settings.rampup())
                                .toNanos();
        long step =
                settings.sampleInterval().isZero()
                        ? 1_000_000_000L
                        : settings.sampleInterval().toNanos();
        counter.begin();
        long from = start;
        steadyAfterS = null;
        while (from < end) {
            long boundary = Math.min(from + step, end);
            if (!signal.sleepUntil(boundary)) {
                throw failure(signal);
            }
            double tpm = counter.drainCompleted() * 60e9 / (boundary - from);
            from = boundary;
            if (judge.add((boundary - start) / 1e9, tpm)) {
                steadyAfterS = (boundary - start) / 1e9;
                break;
            }
        }
        rampS = (from - start) / 1e9;
        return Map.of("rampup_s", rampS);
    }

    /** The measured step: the users' transactions for the duration, sampled every interval. */
    Map<String, Double> run() throws Exception {
        StopSignal signal = users.signal();
        sampler = new ThroughputSampler(users.recorders(), signal);
        long cpuStart = users.cpuNanos();
        io.start();
        wallStart = Instant.now().truncatedTo(ChronoUnit.MICROS);
        startNanos = System.nanoTime();
        sampler.begin();
        boolean whole =
                sampler.run(
                        startNanos,
                        settings.duration().toNanos(),
                        settings.sampleInterval().toNanos());
        long cpuEnd = users.cpuNanos();
        signal.stop();
        if (!whole) {
            // the IO sampler's connection is closed at clean-up; the users' failure is the news
            throw failure(signal);
        }
        List<IoSample> samples = io.stop();
        double millis = (sampler.endNanos() - startNanos) / 1e6;
        Map<String, Double> metrics =
                new LinkedHashMap<>(
                        OltpMetrics.step(
                                mix,
                                sampler.total(),
                                millis,
                                settings,
                                cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart));
        if (io.enabled()) {
            metrics.putAll(ioMetrics.apply(samples));
        }
        metrics.putAll(schema.state());
        if (settings.steadyState() != null && rampS != null) {
            metrics.put("steady", steadyAfterS == null ? 0.0 : 1.0);
            metrics.put("ramp_s", rampS);
            if (steadyAfterS != null) {
                metrics.put("steady_after_s", steadyAfterS);
            }
        }
        return metrics;
    }

    /** After the measured step, untimed: the users joined, the consistency checked, the events emitted. */
    Map<String, Double> after(TrialTimed measured) throws Exception {
        users.stopAndJoin();
        Map<String, Double> metrics = new LinkedHashMap<>(Consistency.check(database, sql, mix));
        metrics.putAll(databaseBytes());
        double millis = (sampler.endNanos() - startNanos) / 1e6;
        OltpEvents.samples(
                        trial,
                        STEP,
                        mix,
                        settings.virtualUsers(),
                        sampler.intervals(),
                        wallStart,
                        startNanos)
                .forEach(trial::emit);
        OltpEvents.subSteps(measured, mix, sampler.total(), millis).forEach(trial::emit);
        return metrics;
    }

    private Map<String, Double> databaseBytes() throws SQLException {
        if (!session.has("database-bytes")) {
            return Map.of();
        }
        try (Connection c = database.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(session.sql("database-bytes"))) {
            return rs.next() ? Map.of("database_bytes", rs.getDouble(1)) : Map.of();
        }
    }

    Map<String, Double> cleanup() throws SQLException {
        try {
            closeUsers();
            io.close();
        } finally {
            schema.cleanup();
        }
        return Map.of();
    }

    private void closeUsers() {
        if (users != null) {
            users.close();
            users = null;
        }
    }

    /** The failure a virtual user stopped the run with, with the server's message. */
    private static Exception failure(StopSignal signal) {
        Exception e = signal.failure();
        if (e == null) {
            return new IllegalStateException("the virtual users stopped");
        }
        return new SQLException(
                "a virtual user failed: " + e.getMessage(),
                e instanceof SQLException sql ? sql.getSQLState() : null,
                e);
    }
}
