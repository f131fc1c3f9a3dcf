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
