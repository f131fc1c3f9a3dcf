-- What explains storage results on PostgreSQL, read at run start into the run's TargetSnapshot.
-- Each statement returns (name, value) rows; one that fails is recorded as <name>_error.

-- name: settings
SELECT name, current_setting(name)
FROM pg_settings
WHERE name IN ('server_version', 'wal_init_zero', 'wal_recycle', 'fsync', 'full_page_writes', 'block_size',
               'wal_block_size', 'wal_segment_size', 'synchronous_commit', 'wal_sync_method', 'wal_level',
               'wal_compression', 'data_checksums', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout',
               'track_io_timing', 'data_directory')
ORDER BY name;

-- name: role
SELECT 'superuser', CASE WHEN rolsuper THEN 'on' ELSE 'off' END FROM pg_roles WHERE rolname = current_user;

-- name: server
-- A process of the server that lives as long as it does (the checkpointer), so that the host sampler
-- can find the server's processes when it runs on this host (probe/ServerOnHost).
SELECT 'server_pid', CAST(pid AS text) FROM pg_stat_activity WHERE backend_type = 'checkpointer';
