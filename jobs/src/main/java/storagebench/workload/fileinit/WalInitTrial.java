package storagebench.workload.fileinit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlScript;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.StepSampler;

/** One trial of {@link PostgresWalInit}: the server's WAL settings changed for it, then put back. */
final class WalInitTrial {
    private static final Set<String> BOOLEAN_TEXT =
            Set.of("on", "off", "true", "false", "yes", "no", "1", "0");
    private final DatabaseTarget target;
    private final SqlScript sql;
    private final boolean zero;
    private final int segments;
    private final int messageSize;
    private final Map<String, String> before = new LinkedHashMap<>();
    private boolean changed;
    private Connection connection;
    private final StepSampler sampler;
    private long segmentSize;
    private String startLsn;
    private Set<String> filesBefore;
    private long consumed;
    private String payload;

    WalInitTrial(
            DatabaseTarget target,
            boolean zero,
            int segments,
            int messageSize,
            Duration sampleInterval,
            TrialContext trial) {
        this.sampler =
                new StepSampler(target, target.url(), trial, "write-wal", sampleInterval, "^$");
        this.target = target;
        this.sql = target.dialect().script("workloads/file-init");
        this.zero = zero;
        this.segments = segments;
        this.messageSize = messageSize;
    }

    Map<String, Double> setup() throws Exception {
        payload = "x".repeat(messageSize); // built untimed, once: the measured step allocates no
        // message
        try (Connection admin = target.connect();
                Statement s = admin.createStatement()) {
            try (ResultSet rs = s.executeQuery(sql.sql("auto-conf"))) {
                while (rs.next()) {
                    before.put(rs.getString(1), rs.getString(2));
                }
            }
            changed = true;
            s.execute(sql.sql("set-wal-recycle", Map.of("value", "off")));
            s.execute(sql.sql("set-wal-init-zero", Map.of("value", zero ? "on" : "off")));
            s.execute(sql.sql("reload"));
        }
        connection = awaitSettings();
        try (Statement s = connection.createStatement()) {
            // A checkpoint with wal_recycle off removes finished segments instead of keeping them
            // for reuse.
            s.execute(sql.sql("checkpoint"));
            s.execute(sql.sql("switch"));
            consumed = useUpRecycledSegments(s);
            filesBefore = walFiles(s);
            try (ResultSet rs = s.executeQuery(sql.sql("position"))) {
                rs.next();
                startLsn = rs.getString(1);
            }
        }
        sampler.open();
        return Map.of("recycled_segments_used", (double) consumed);
    }

    /**
     * Segments recycled before the trial (by earlier work with wal_recycle on) wait ahead of the insert
     * position, and WAL written into them creates nothing. Writes WAL, untimed, until none is left, each
     * round followed by a switch and a checkpoint, which with wal_recycle off removes what was used.
     *
     * @return how many recycled segments were used up
     */
    private long useUpRecycledSegments(Statement s) throws SQLException {
        long used = 0;
        for (int round = 0; round < 10; round++) {
            long ahead;
            try (ResultSet rs = s.executeQuery(sql.sql("segments-ahead"))) {
                rs.next();
                ahead = rs.getLong(1);
            }
            if (ahead == 0) {
                return used;
            }
            writeMessages((ahead + 1) * segmentSize);
            s.execute(sql.sql("switch"));
            s.execute(sql.sql("checkpoint"));
            used += ahead;
        }
        throw new IllegalStateException(
                "segments recycled before the trial are still ahead of the WAL position "
                        + "after 10 rounds of writing them; the server keeps preallocating (is wal_recycle off?)");
    }

    /** Commits logical messages of message-size until {@code bytes} are written. */
    private void writeMessages(long bytes) throws SQLException {
        try (PreparedStatement message = connection.prepareStatement(sql.sql("message"))) {
            message.setString(1, payload);
            for (long written = 0; written < bytes; written += messageSize) {
                message.execute();
            }
        }
    }

    /** A fresh session sees the reloaded file; waits (5 s at most) until it shows both settings. */
    private Connection awaitSettings() throws Exception {
        String want = zero ? "on" : "off";
        for (int attempt = 0; ; attempt++) {
            Connection c = target.connect();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(sql.sql("in-force"))) {
                rs.next();
                if (rs.getString(1).equals("off") && rs.getString(2).equals(want)) {
                    segmentSize = rs.getLong(3);
                    return c;
                }
                if (attempt >= 50) {
                    c.close();
                    throw new IllegalStateException(
                            "the server did not take wal_recycle=off, wal_init_zero="
                                    + want
                                    + " (it shows "
                                    + rs.getString(1)
                                    + ", "
                                    + rs.getString(2)
                                    + ")");
                }
            } catch (SQLException | RuntimeException e) {
                c.close();
                throw e;
            }
            c.close();
            Thread.sleep(100);
        }
    }

    /** Commits messages until {@code segments} segments of WAL are written; each commit forces the WAL. */
    Map<String, Double> write() throws SQLException {
        sampler.start();
        writeMessages(segments * segmentSize);
        long written;
        try (PreparedStatement bytes = connection.prepareStatement(sql.sql("wal-bytes"))) {
            bytes.setString(1, startLsn);
            try (ResultSet rs = bytes.executeQuery()) {
                rs.next();
                written = rs.getLong(1);
            }
        }
        Set<String> created;
        try (Statement s = connection.createStatement()) {
            created = walFiles(s);
        }
        created.removeAll(filesBefore);
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("wal_bytes", (double) written);
        metrics.put("segment_bytes", (double) segmentSize);
        metrics.put("segments_written", Math.ceil((double) written / segmentSize));
        metrics.put("segments_created", (double) created.size());
        metrics.put("wal_init_zero", zero ? 1.0 : 0.0);
        return metrics;
    }

    private Set<String> walFiles(Statement s) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet rs = s.executeQuery(sql.sql("wal-files"))) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** After the timed span: the IO samples of the WAL written. */
    Map<String, Double> samples() throws SQLException, InterruptedException {
        if (!sampler.enabled()) {
            return Map.of();
        }
        try (Statement s = connection.createStatement()) {
            s.execute(sql.sql("flush-stats"));
        } catch (SQLException e) {
            // before PostgreSQL 15: the counters arrive with the statistics collector's next report
        }
        return sampler.stopAndCount();
    }

    /** Puts back what ALTER SYSTEM had for both settings (or removes them), and reloads. */
    Map<String, Double> cleanup() throws SQLException {
        sampler.close();
        if (connection != null) {
            connection.close();
            connection = null;
        }
        if (!changed) {
            return Map.of();
        }
        try (Connection admin = target.connect();
                Statement s = admin.createStatement()) {
            restore(s, "wal_recycle", "set-wal-recycle", "reset-wal-recycle");
            restore(s, "wal_init_zero", "set-wal-init-zero", "reset-wal-init-zero");
            s.execute(sql.sql("reload"));
        }
        changed = false;
        return Map.of();
    }

    private void restore(Statement s, String setting, String set, String reset)
            throws SQLException {
        String old = before.get(setting);
        if (old != null && BOOLEAN_TEXT.contains(old.toLowerCase(Locale.ROOT))) {
            s.execute(sql.sql(set, Map.of("value", old.toLowerCase(Locale.ROOT))));
        } else {
            s.execute(sql.sql(reset));
        }
    }
}
