-- IO counters of an H2 database (its one MVStore file), sampled during a measured step on a second
-- connection. Columns: file, reads, writes, bytes_read, bytes_written, read_ms, write_ms, size_bytes
-- (cumulative; H2 keeps no IO times). ? is a regular expression for the trial's relation names (unused).

-- name: counters
SELECT 'database',
       MAX(CASE WHEN SETTING_NAME = 'info.FILE_READ' THEN CAST(SETTING_VALUE AS BIGINT) END),
       MAX(CASE WHEN SETTING_NAME = 'info.FILE_WRITE' THEN CAST(SETTING_VALUE AS BIGINT) END),
       MAX(CASE WHEN SETTING_NAME = 'info.FILE_READ_BYTES' THEN CAST(SETTING_VALUE AS BIGINT) END),
       MAX(CASE WHEN SETTING_NAME = 'info.FILE_WRITE_BYTES' THEN CAST(SETTING_VALUE AS BIGINT) END),
       0, 0,
       MAX(CASE WHEN SETTING_NAME = 'info.FILE_SIZE' THEN CAST(SETTING_VALUE AS BIGINT) END)
FROM INFORMATION_SCHEMA.SETTINGS
WHERE ? IS NOT NULL;
