-- filegroup-insert (seed 001) on SQL Server: the seed's script. The database (its own, named after the
-- trial's name, files under the target's file-root) gets a filegroup FG01 of N files of file-size made
-- DEFAULT (statements in workloads/database/sqlserver.sql); the table below lands in it. CHAR(8000) fills
-- an 8 KB page per row. The log is in SIMPLE recovery (the seed's auto-truncate mode), and no data file
-- grows during the run (FILEGROWTH = 0; preflight checks the rows fit). These run with the trial's
-- database as the connection's catalog. {table} is a quoted identifier; values are bound (?).

-- name: create-table
CREATE TABLE {table} (
    id   INT IDENTITY,
    text CHAR(8000),
    at   DATETIME2 DEFAULT SYSDATETIME()
);

-- name: insert
INSERT INTO {table} (text) VALUES (?);

-- name: used-pages
-- After the timed inserts (untimed): pages used in each file of the filegroup, to check proportional fill.
SELECT f.name, FILEPROPERTY(f.name, 'SpaceUsed'), f.size
FROM sys.database_files AS f
JOIN sys.filegroups AS g ON g.data_space_id = f.data_space_id
WHERE g.name = N'{filegroup}'
ORDER BY f.file_id;
