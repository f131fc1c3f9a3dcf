package storagebench.workload.sampling;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import storagebench.dbms.DatabaseTarget;
import storagebench.events.IoSample;
import storagebench.events.TrialRef;
import storagebench.logformat.filestats.Interval;
import storagebench.logformat.filestats.Snapshot;
import storagebench.workload.TrialContext;

/**
 * Samples a database's IO counters ({@code samplers/io/<dbms>.sql}) every interval on its own
 * connection and thread while a measured step runs, and turns each interval's differences into one
 * IoSample per file. The connection is opened before the step (untimed); a sample is one query, run
 * beside the workload, not inside it. Samples are built into events after {@link #stop()}.
 *
 * <p>The counters statement returns file, reads, writes, bytes_read, bytes_written, read_ms, write_ms,
 * size_bytes and, where the server splits IO time into queued and device time (SQL Server), two more
 * columns: queued_read_ms, queued_write_ms. Such rows are sys.dm_io_virtual_file_stats rows and go
 * through the file-stats importer's {@link Interval} arithmetic, so a live sample and an imported
 * export of the same snapshots agree.
 */
public final class DatabaseIoSampler implements AutoCloseable {
    private final TrialContext trial;
    private final String step;
    private final Duration interval;
    private final String relations;
    private final Connection connection;
    private final PreparedStatement counters;
    private final List<Map<String, IoCounters>> samples = new ArrayList<>();
    private final List<Instant> times = new ArrayList<>();
    private Thread thread;
    private volatile boolean stopping;
    private volatile SQLException failure;

    /**
     * @param relations the value bound to the counters statement's one parameter: a regular expression
     *     for the trial's relation names (PostgreSQL), the trial's database name (SQL Server)
     */
    public DatabaseIoSampler(
            DatabaseTarget target,
            String url,
            TrialContext trial,
            String step,
            Duration interval,
            String relations)
            throws SQLException {
        this.trial = trial;
        this.step = step;
        this.interval = interval;
        this.relations = relations;
        this.connection = target.connect(url);
        this.connection.setAutoCommit(true);
        this.counters = connection.prepareStatement(target.kind().database().ioCounters());
    }

    /**
     * Takes the first sample before it returns, then one every interval after it until {@link #stop()}:
     * the work the caller starts next is all counted (a first sample taken by the sampling thread could
     * come after the work's first counters were published and leave them out).
     */
    public void start() throws SQLException {
        long next = System.nanoTime();
        sample();
        thread = new Thread(() -> loop(next), "io-sampler-" + trial.trialId());
        thread.setDaemon(true);
        thread.start();
    }

    private void loop(long first) {
        long next = first;
        try {
            while (true) {
                next += interval.toNanos();
                long wait = next - System.nanoTime();
                synchronized (this) {
                    while (!stopping && wait > 0) {
                        wait(wait / 1_000_000, (int) (wait % 1_000_000));
                        wait = next - System.nanoTime();
                    }
                }
                if (stopping) {
                    return;
                }
                sample();
            }
        } catch (SQLException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void sample() throws SQLException {
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Map<String, IoCounters> files = new LinkedHashMap<>();
        counters.setString(1, relations);
        try (ResultSet rs = counters.executeQuery()) {
            boolean stalls = rs.getMetaData().getColumnCount() >= 10;
            while (rs.next()) {
                long size = rs.getLong(8);
                Long sizeBytes = rs.wasNull() ? null : size;
                files.put(
                        rs.getString(1),
                        new IoCounters(
                                rs.getLong(2),
                                rs.getLong(3),
                                rs.getLong(4),
                                rs.getLong(5),
                                rs.getDouble(6),
                                rs.getDouble(7),
                                sizeBytes,
                                stalls ? rs.getLong(9) : null,
                                stalls ? rs.getLong(10) : null));
            }
        }
        samples.add(files);
        times.add(at);
    }

    /** Stops sampling, takes the last sample, and emits one IoSample per file and interval into the trial. */
    public List<IoSample> stop() throws SQLException, InterruptedException {
        synchronized (this) {
            stopping = true;
            notifyAll();
        }
        thread.join();
        if (failure != null) {
            throw failure;
        }
        sample();
        List<IoSample> events = events();
        events.forEach(trial::emit);
        return events;
    }

    private List<IoSample> events() {
        TrialRef ref = trial.ref();
        List<IoSample> events = new ArrayList<>();
        List<List<IoSample.Builder>> intervals = intervals(times, samples);
        for (int i = 0; i < intervals.size(); i++) {
            for (IoSample.Builder sample : intervals.get(i)) {
                events.add(
                        ref.stamp(sample, step)
                                .setEventId(
                                        trial.trialId()
                                                + "/io/"
                                                + step
                                                + "/"
                                                + sample.getFile()
                                                + "/"
                                                + i)
                                .build());
            }
        }
        return events;
    }

    /**
     * The measured fields of one IoSample per file for each interval between consecutive samples (the
     * identity fields left to fill): a file absent from the earlier sample counts from zero; a file
     * whose counters went down (its database recreated) has no sample for that interval.
     */
    static List<List<IoSample.Builder>> intervals(
            List<Instant> times, List<Map<String, IoCounters>> samples) {
        List<List<IoSample.Builder>> intervals = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            List<IoSample.Builder> interval = new ArrayList<>();
            for (Map.Entry<String, IoCounters> file : samples.get(i).entrySet()) {
                IoCounters before = samples.get(i - 1).get(file.getKey());
                IoSample.Builder sample =
                        file.getValue().stalls()
                                ? stalls(
                                        file.getKey(),
                                        before,
                                        file.getValue(),
                                        times.get(i - 1),
                                        times.get(i))
                                : counted(
                                        file.getKey(),
                                        before,
                                        file.getValue(),
                                        times.get(i - 1),
                                        times.get(i));
                if (sample != null) {
                    interval.add(sample);
                }
            }
            intervals.add(interval);
        }
        return intervals;
    }

    private static IoSample.Builder counted(
            String file, IoCounters before, IoCounters now, Instant from, Instant to) {
        double ms = Duration.between(from, to).toNanos() / 1e6;
        IoCounters d = before == null ? now : now.minus(before);
        long ops = d.reads() + d.writes();
        return IoSample.newBuilder()
                .setFile(file)
                .setIntervalStart(from)
                .setIntervalMs(ms)
                .setReads(d.reads())
                .setWrites(d.writes())
                .setBytesRead(d.bytesRead())
                .setBytesWritten(d.bytesWritten())
                .setIops(ms > 0 ? ops * 1000 / ms : 0)
                .setMbPerS(ms > 0 ? (d.bytesRead() + d.bytesWritten()) / 1048576.0 * 1000 / ms : 0)
                .setReadLatencyAvgUs(
                        d.reads() > 0 && d.readMs() > 0 ? d.readMs() * 1000 / d.reads() : null)
                .setWriteLatencyAvgUs(
                        d.writes() > 0 && d.writeMs() > 0 ? d.writeMs() * 1000 / d.writes() : null)
                .setDeviceMs(d.readMs() + d.writeMs())
                .setSizeBytes(d.sizeBytes());
    }

    /** sys.dm_io_virtual_file_stats counters, through the file-stats importer's arithmetic. */
    private static IoSample.Builder stalls(
            String file, IoCounters before, IoCounters now, Instant from, Instant to) {
        Snapshot a = (before == null ? IoCounters.ZERO_STALLS : before).snapshot(file, from);
        Snapshot b = now.snapshot(file, to);
        if (b.decreaseSince(a) != null || !to.isAfter(from)) {
            return null;
        }
        return Interval.between(a, b).toSample(file);
    }

    @Override
    public void close() throws SQLException {
        if (thread != null && thread.isAlive()) {
            synchronized (this) {
                stopping = true;
                notifyAll();
            }
        }
        connection.close();
    }
}
