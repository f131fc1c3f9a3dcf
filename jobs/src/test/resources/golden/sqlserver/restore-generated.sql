-- step: prepare-backup (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_restore' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_restore] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_restore') IS NOT NULL
    DROP DATABASE [sb_restore]
GO
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_restore_src' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_restore_src] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_restore_src') IS NOT NULL
    DROP DATABASE [sb_restore_src]
GO
CREATE DATABASE [sb_restore_src]
ON PRIMARY
    (NAME = N'sb_restore_src_data001', FILENAME = N'/var/opt/mssql/data/sb_restore_src_data001.mdf', SIZE = 64MB, FILEGROWTH = 64MB)
LOG ON
    (NAME = N'sb_restore_src_log', FILENAME = N'/var/opt/mssql/data/sb_restore_src_log.ldf', SIZE = 64MB, FILEGROWTH = 64MB)
GO
CREATE TABLE [sb_restore_src].[dbo].[sb_restore] (
    id  INT NOT NULL PRIMARY KEY,
    c001 INT NOT NULL,
    c002 INT NOT NULL,
    pad CHAR(200) NOT NULL DEFAULT ''
)
GO
-- Set-based, one statement: rows numbered from a cross join of catalog views, random column values.
INSERT INTO [sb_restore_src].[dbo].[sb_restore] (id, c001, c002)
SELECT TOP (1000) ROW_NUMBER() OVER (ORDER BY (SELECT NULL)), ABS(CHECKSUM(NEWID())), ABS(CHECKSUM(NEWID()))
FROM sys.all_columns AS a CROSS JOIN sys.all_columns AS b
GO
CREATE INDEX [ix_c001] ON [sb_restore_src].[dbo].[sb_restore] (c001)
GO
CREATE INDEX [ix_c002] ON [sb_restore_src].[dbo].[sb_restore] (c002)
GO
BACKUP DATABASE [sb_restore_src] TO DISK = N'/var/opt/mssql/data/sb_restore.bak' WITH INIT, FORMAT
GO
-- The backup's files: LogicalName (1), PhysicalName (2), Type (3: D data, L log, S FILESTREAM, F full-text).
RESTORE FILELISTONLY FROM DISK = N'/var/opt/mssql/data/sb_restore.bak'
GO
-- step: restore (measured)
RESTORE DATABASE [sb_restore] FROM DISK = N'/var/opt/mssql/data/sb_restore.bak'
WITH MOVE N'sb_restore_src_data001' TO N'/var/opt/mssql/data/sb_restore_data001.mdf',
    MOVE N'sb_restore_src_log' TO N'/var/opt/mssql/data/sb_restore_log.ldf',
    STATS = 10, REPLACE
GO
-- step: drop (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_restore' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_restore] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_restore') IS NOT NULL
    DROP DATABASE [sb_restore]
GO
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_restore_src' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_restore_src] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_restore_src') IS NOT NULL
    DROP DATABASE [sb_restore_src]
GO
-- The generated backup only (a given one is the user's): xp_delete_file, type 0 = backup file.
EXECUTE master.dbo.xp_delete_file 0, N'/var/opt/mssql/data/sb_restore.bak'
GO
