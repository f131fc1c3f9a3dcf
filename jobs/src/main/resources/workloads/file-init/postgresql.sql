-- file-init (seed 000) on PostgreSQL: the cost of zero-filling new WAL segments. With wal_recycle off,
-- finished segments are removed instead of renamed for reuse, so writing WAL keeps creating segments;
-- wal_init_zero on writes every byte of each new segment first (like a data file without Instant File
-- Initialization), off only sets its last byte. Both are set server-wide with ALTER SYSTEM (a session
-- SET would leave the checkpointer recycling and the WAL writer zeroing), so the role must be a
-- superuser, and the server is changed for the trial: clean-up puts back what ALTER SYSTEM had before.
-- {value} is on or off; values are bound (?).

-- name: auto-conf
SELECT name, setting FROM pg_file_settings
WHERE sourcefile LIKE '%postgresql.auto.conf' AND name IN ('wal_recycle', 'wal_init_zero');

-- name: set-wal-recycle
ALTER SYSTEM SET wal_recycle = {value};

-- name: set-wal-init-zero
ALTER SYSTEM SET wal_init_zero = {value};

-- name: reset-wal-recycle
ALTER SYSTEM RESET wal_recycle;

-- name: reset-wal-init-zero
ALTER SYSTEM RESET wal_init_zero;

-- name: reload
SELECT pg_reload_conf();

-- name: in-force
SELECT current_setting('wal_recycle'), current_setting('wal_init_zero'),
       (SELECT setting::bigint FROM pg_settings WHERE name = 'wal_segment_size');

-- name: checkpoint
CHECKPOINT;

-- name: switch
SELECT pg_switch_wal();

-- name: wal-files
SELECT name FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$';

-- name: segments-ahead
-- Segments already made (recycled) beyond the one being written: WAL goes into them without creating any.
SELECT count(*) FROM pg_ls_waldir()
WHERE name ~ '^[0-9A-F]{24}$' AND name > pg_walfile_name(pg_current_wal_insert_lsn());

-- name: position
SELECT pg_current_wal_insert_lsn()::text, pg_walfile_name(pg_current_wal_insert_lsn());

-- name: message
-- One transactional logical message: WAL only, no table; its commit forces the WAL to disk.
SELECT pg_logical_emit_message(true, 'storagebench', ?);

-- name: wal-bytes
SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ?::pg_lsn);

-- name: flush-stats
-- PostgreSQL 15+: the writing backend publishes its WAL counters now, not up to a second later, so the
-- IO sampler's last sample has them.
SELECT pg_stat_force_next_flush();
