-- IO counters of one SQL Server database's files (seed 003), sampled during a measured step on a second
-- connection; the sampler turns the differences between two samples into one IoSample per file and
-- interval with the file-stats importer's arithmetic. Columns: file (logical name), reads, writes,
-- bytes_read, bytes_written, read_ms, write_ms (io_stall_*_ms: total time, queued + device),
-- size_bytes, queued_read_ms, queued_write_ms (io_stall_queued_*_ms: waiting for IO resource
-- governance, SQL Server 2014 and later). ? is the trial's database name. The database is matched in the
-- WHERE clause rather than passed to the function: DB_ID of a database not created yet is NULL, and
-- sys.dm_io_virtual_file_stats(NULL, NULL) would return every database's files. Needs VIEW SERVER STATE.

-- name: counters
SELECT mf.name, vfs.num_of_reads, vfs.num_of_writes, vfs.num_of_bytes_read, vfs.num_of_bytes_written,
       vfs.io_stall_read_ms, vfs.io_stall_write_ms, vfs.size_on_disk_bytes,
       vfs.io_stall_queued_read_ms, vfs.io_stall_queued_write_ms
FROM sys.dm_io_virtual_file_stats(NULL, NULL) AS vfs
JOIN sys.master_files AS mf ON mf.database_id = vfs.database_id AND mf.file_id = vfs.file_id
WHERE vfs.database_id = DB_ID(?)
ORDER BY vfs.file_id;
