-- IO counters of a PostgreSQL database, sampled during a measured step on a second connection; the
-- sampler turns the differences between two samples into one IoSample per row ("file") and interval.
-- Columns: file, reads, writes, bytes_read, bytes_written, read_ms, write_ms, size_bytes (cumulative,
-- size_bytes as of now). PostgreSQL 15 has no pg_stat_io (16+), so:
--   db:<name>        blocks read from outside shared buffers, read/write time of data blocks
--                    (track_io_timing on), database size
--   wal              WAL writes and bytes, write + sync time (track_wal_io_timing on)
--   buffers-written  shared buffers written by checkpointer, background writer and backends (whole cluster)
--   <partition>      heap blocks read, relation size (pg_statio counts no writes: size_bytes shows growth)
-- Backends publish their counters about once a second, so intervals shorter than that are lumpy.
-- ? is a regular expression for the trial's relation names.

-- name: counters
WITH bs AS (SELECT current_setting('block_size')::bigint AS b)
SELECT 'db:' || datname, blks_read, 0::bigint, blks_read * bs.b, 0::bigint, blk_read_time, blk_write_time,
       pg_database_size(datname)
FROM pg_stat_database, bs WHERE datname = current_database()
UNION ALL
SELECT 'wal', 0, wal_write, 0, wal_bytes::bigint, 0, wal_write_time + wal_sync_time, NULL
FROM pg_stat_wal
UNION ALL
SELECT 'buffers-written', 0, buffers_checkpoint + buffers_clean + buffers_backend, 0,
       (buffers_checkpoint + buffers_clean + buffers_backend) * bs.b, 0, 0, NULL
FROM pg_stat_bgwriter, bs
UNION ALL
SELECT relname, coalesce(heap_blks_read, 0), 0, coalesce(heap_blks_read, 0) * bs.b, 0, 0, 0, pg_relation_size(relid)
FROM pg_statio_user_tables, bs WHERE relname ~ ?;
