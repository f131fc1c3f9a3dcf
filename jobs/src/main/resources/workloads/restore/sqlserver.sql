-- restore (seed 004) on SQL Server. Without a given backup, set-up makes a source database (statements in
-- workloads/database/sqlserver.sql) with a table of {rows} rows and {indexes} indexes and backs it up under
-- the target's file-root; the measured step restores it under the trial's name with every file moved under
-- file-root. {database}, {table}, {index} are quoted identifiers; {path} an N'...' literal of a checked
-- server path; {moves} MOVE clauses with the backup's logical names as N'...' literals (quotes doubled);
-- {columns}, {values}, {column}, {rows}, {stats} made by storagebench from numbers and fixed text.

-- name: create-table
CREATE TABLE {table} (
    id  INT NOT NULL PRIMARY KEY,
    {columns},
    pad CHAR(200) NOT NULL DEFAULT ''
);

-- name: fill
-- Set-based, one statement: rows numbered from a cross join of catalog views, random column values.
INSERT INTO {table} (id, {column-names})
SELECT TOP ({rows}) ROW_NUMBER() OVER (ORDER BY (SELECT NULL)), {values}
FROM sys.all_columns AS a CROSS JOIN sys.all_columns AS b;

-- name: create-index
CREATE INDEX {index} ON {table} ({column});

-- name: backup
BACKUP DATABASE {database} TO DISK = {path} WITH INIT, FORMAT;

-- name: file-list
-- The backup's files: LogicalName (1), PhysicalName (2), Type (3: D data, L log, S FILESTREAM, F full-text).
RESTORE FILELISTONLY FROM DISK = {path};

-- name: restore
RESTORE DATABASE {database} FROM DISK = {path}
WITH {moves},
    STATS = {stats}, REPLACE;

-- name: move
MOVE {logical} TO {path}

-- name: delete-backup
-- The generated backup only (a given one is the user's): xp_delete_file, type 0 = backup file.
EXECUTE master.dbo.xp_delete_file 0, {path};
