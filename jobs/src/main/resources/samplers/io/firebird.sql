-- IO counters of a Firebird database (MON$IO_STATS), sampled during a measured step on a second
-- connection to the trial's database; the sampler turns the differences between two samples into one
-- IoSample per row ("file") and interval. Columns: file, reads, writes, bytes_read, bytes_written,
-- read_ms, write_ms, size_bytes (cumulative, size as of now).
--   database        the whole database (stat group 0): pages read from and written to its files,
--                   bytes = pages × page size; size = allocated pages × page size
--   attachment:<id> each other attachment to it (stat group 1): the inserting connection, gbak
-- Firebird counts pages, not calls, and keeps no IO times (read_ms, write_ms are 0). MON$ tables are a
-- snapshot per transaction; the sampler's connection autocommits, so each sample is fresh.
-- ? is a regular expression for the trial's relation names (unused here).

-- name: counters
SELECT 'database', io.MON$PAGE_READS, io.MON$PAGE_WRITES, io.MON$PAGE_READS * d.MON$PAGE_SIZE,
       io.MON$PAGE_WRITES * d.MON$PAGE_SIZE, 0, 0, d.MON$PAGES * d.MON$PAGE_SIZE
FROM MON$DATABASE d JOIN MON$IO_STATS io ON io.MON$STAT_ID = d.MON$STAT_ID
WHERE CAST(? AS VARCHAR(200)) IS NOT NULL
UNION ALL
SELECT 'attachment:' || a.MON$ATTACHMENT_ID, io.MON$PAGE_READS, io.MON$PAGE_WRITES,
       io.MON$PAGE_READS * d.MON$PAGE_SIZE, io.MON$PAGE_WRITES * d.MON$PAGE_SIZE, 0, 0, NULL
FROM MON$ATTACHMENTS a JOIN MON$IO_STATS io ON io.MON$STAT_ID = a.MON$STAT_ID CROSS JOIN MON$DATABASE d
WHERE a.MON$ATTACHMENT_ID <> CURRENT_CONNECTION AND a.MON$SYSTEM_FLAG = 0;
