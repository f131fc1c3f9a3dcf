-- Statistics of a Firebird database during a trial's measured phase, read on a connection of the
-- sampler's own when the phase starts and when it ends (MON$ tables are a snapshot per transaction; the
-- connection autocommits, so each reading is fresh). Firebird has no wait events to sample; its lock
-- manager's own figures (fb_lock_print) are not readable through SQL, so the lock figures are the
-- record-level ones of MON$RECORD_STATS.
--
-- counters: columns wait_type (the group), name, value (cumulative since the database was opened), the
-- whole database's (stat group 0, every attachment):
--   io       MON$IO_STATS: page reads, writes, fetches (from the cache), marks (changed in the cache)
--   records  MON$RECORD_STATS: sequential and indexed reads, inserts, updates, deletes, backouts,
--            purges, expunges, back-version and fragment reads, repeated reads
--   locks    MON$RECORD_STATS: record locks taken, lock waits, update conflicts

-- name: counters
SELECT 'io', 'page_reads', CAST(s.MON$PAGE_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$IO_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'io', 'page_writes', CAST(s.MON$PAGE_WRITES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$IO_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'io', 'page_fetches', CAST(s.MON$PAGE_FETCHES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$IO_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'io', 'page_marks', CAST(s.MON$PAGE_MARKS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$IO_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'seq_reads', CAST(s.MON$RECORD_SEQ_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'idx_reads', CAST(s.MON$RECORD_IDX_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'inserts', CAST(s.MON$RECORD_INSERTS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'updates', CAST(s.MON$RECORD_UPDATES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'deletes', CAST(s.MON$RECORD_DELETES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'backouts', CAST(s.MON$RECORD_BACKOUTS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'purges', CAST(s.MON$RECORD_PURGES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'expunges', CAST(s.MON$RECORD_EXPUNGES AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'backversion_reads', CAST(s.MON$BACKVERSION_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'fragment_reads', CAST(s.MON$FRAGMENT_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'records', 'rpt_reads', CAST(s.MON$RECORD_RPT_READS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'locks', 'record_locks', CAST(s.MON$RECORD_LOCKS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'locks', 'record_waits', CAST(s.MON$RECORD_WAITS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID
UNION ALL
SELECT 'locks', 'record_conflicts', CAST(s.MON$RECORD_CONFLICTS AS DOUBLE PRECISION)
FROM MON$DATABASE d JOIN MON$RECORD_STATS s ON s.MON$STAT_ID = d.MON$STAT_ID;
