-- A SQL Server database of N data files and a log, as the file-init, filegroup-insert and restore
-- workloads make and drop it. {database} is a quoted identifier, {name} the same checked name (letters,
-- digits, '_') inside N'...'; {logical} a logical file name made from it; {path} an N'...' literal of a
-- checked server path; {size} and {growth} sizes such as 20MB; {data-files}, {log-file} lists of file specs.

-- name: single-user
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'{name}' AND state_desc = N'ONLINE')
    ALTER DATABASE {database} SET SINGLE_USER WITH ROLLBACK IMMEDIATE;

-- name: drop
IF DB_ID(N'{name}') IS NOT NULL
    DROP DATABASE {database};

-- name: file
(NAME = N'{logical}', FILENAME = {path}, SIZE = {size}, FILEGROWTH = {growth})

-- name: create
CREATE DATABASE {database}
ON PRIMARY
    {data-files}
LOG ON
    {log-file};

-- name: modify-file
ALTER DATABASE {database} MODIFY FILE (NAME = N'{logical}', SIZE = {size});

-- name: add-filegroup
ALTER DATABASE {database} ADD FILEGROUP {filegroup};

-- name: add-file
ALTER DATABASE {database} ADD FILE {file} TO FILEGROUP {filegroup};

-- name: default-filegroup
ALTER DATABASE {database} MODIFY FILEGROUP {filegroup} DEFAULT;

-- name: simple-recovery
-- The seed's log was in auto-truncate mode: checkpoints truncate it, so it need not grow with the rows.
ALTER DATABASE {database} SET RECOVERY SIMPLE;

-- name: ifi
-- instant_file_initialization_enabled: SQL Server 2016 SP1 and later; older servers fail (state unknown).
-- Needs VIEW SERVER STATE.
SELECT instant_file_initialization_enabled FROM sys.dm_server_services WHERE servicename LIKE N'SQL Server (%';
