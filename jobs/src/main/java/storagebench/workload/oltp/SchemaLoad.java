package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.dbms.SqlScript;

/**
 * Loads a mix's rows: its parts run side by side on {@code threads} connections of their own (autocommit
 * off, a commit per batch), while a line every few seconds tells how far the load is. The first part
 * that fails stops the others and fails the load with its message.
 */
final class SchemaLoad {
    private static final Logger log = LoggerFactory.getLogger(SchemaLoad.class);
    private static final long PROGRESS_EVERY_NANOS = 5_000_000_000L;

    private final OltpDatabase database;
    private final SqlScript sql;
    private final Mix mix;
    private final int threads;
    private final Statements.Batches batches;

    SchemaLoad(
            OltpDatabase database,
            SqlScript sql,
            Mix mix,
            int threads,
            Statements.Batches batches) {
        this.database = database;
        this.sql = sql;
        this.mix = mix;
        this.threads = threads;
        this.batches = batches;
    }

    /** Loads every part; returns the rows inserted. */
    long run() throws SQLException, InterruptedException {
        List<LoadTask> parts = mix.load();
        LongAdder rows = new LongAdder();
        long start = System.nanoTime();
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        threads,
                        r -> {
                            Thread t = new Thread(r, "oltp-load");
                            t.setDaemon(true);
                            return t;
                        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (LoadTask part : parts) {
                futures.add(pool.submit(() -> load(part, rows)));
            }
            pool.shutdown();
            long next = start + PROGRESS_EVERY_NANOS;
            while (!pool.awaitTermination(100, TimeUnit.MILLISECONDS)) {
                failFast(futures);
                if (System.nanoTime() >= next) {
                    progress(rows.sum(), start);
                    next += PROGRESS_EVERY_NANOS;
                }
            }
            failFast(futures);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
        progress(rows.sum(), start);
        return rows.sum();
    }

    private Void load(LoadTask part, LongAdder rows) throws SQLException {
        try (Connection c = database.connect();
                Statements statements = new Statements(c, sql, batches)) {
            c.setAutoCommit(false);
            part.load(statements, rows);
            c.commit();
        }
        return null;
    }

    private static void failFast(List<Future<?>> futures)
            throws SQLException, InterruptedException {
        for (Future<?> f : futures) {
            if (f.isDone() && !f.isCancelled()) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    futures.forEach(other -> other.cancel(true));
                    if (e.getCause() instanceof SQLException sql) {
                        throw sql;
                    }
                    throw new IllegalStateException(
                            "loading failed: " + e.getCause().getMessage(), e.getCause());
                }
            }
        }
    }

    private void progress(long done, long start) {
        long total = mix.rows();
        log.info(
                String.format(
                        Locale.ROOT,
                        "oltp: loading %s: %,d of about %,d rows (%.0f%%) in %.0f s on %d connection(s)",
                        mix.shape(),
                        done,
                        total,
                        Math.min(100.0, 100.0 * done / Math.max(1, total)),
                        (System.nanoTime() - start) / 1e9,
                        threads));
    }
}
