-- Wait statistics of a PostgreSQL server during a trial's measured phase, read on a connection of the
-- sampler's own (autocommit: each statement sees fresh statistics).
--
-- sessions: polled every db.wait-sample-interval on the sampler's thread; one row per session of the
-- target's database that is running a statement now (state active), client backends only, the
-- sampler's own left out. Columns: wait_type, name. An active session in no wait event is on CPU (or in
-- a wait PostgreSQL does not instrument): CPU, CPU. Idle and idle-in-transaction sessions wait on their
-- client, not on the server, and are not counted.

-- name: sessions
SELECT coalesce(wait_event_type, 'CPU'), coalesce(wait_event, 'CPU')
FROM pg_stat_activity
WHERE state = 'active' AND backend_type = 'client backend' AND datname = current_database()
  AND pid <> pg_backend_pid();

-- counters: read when the measured phase starts and when it ends; each row's change is one counter
-- row. Columns: wait_type (the group), name, value (cumulative). Every numeric column of
-- pg_stat_bgwriter and pg_stat_wal (whole server) and the lock and IO figures of the target's database
-- in pg_stat_database, whatever columns the server's version has.

-- name: counters
SELECT 'bgwriter', j.key, j.value::text::float8
FROM pg_stat_bgwriter s, jsonb_each(to_jsonb(s)) j WHERE jsonb_typeof(j.value) = 'number'
UNION ALL
SELECT 'wal', j.key, j.value::text::float8
FROM pg_stat_wal s, jsonb_each(to_jsonb(s)) j WHERE jsonb_typeof(j.value) = 'number'
UNION ALL
SELECT 'database', j.key, j.value::text::float8
FROM pg_stat_database s, jsonb_each(to_jsonb(s)) j
WHERE s.datname = current_database() AND jsonb_typeof(j.value) = 'number'
  AND j.key IN ('xact_commit', 'xact_rollback', 'blks_read', 'blks_hit', 'temp_files', 'temp_bytes',
                'deadlocks', 'conflicts', 'blk_read_time', 'blk_write_time');
