-- step: create-storage (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_filegroup' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_filegroup] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_filegroup') IS NOT NULL
    DROP DATABASE [sb_filegroup]
GO
CREATE DATABASE [sb_filegroup]
ON PRIMARY
    (NAME = N'sb_filegroup_data001', FILENAME = N'/var/opt/mssql/data/sb_filegroup_data001.mdf', SIZE = 16MB, FILEGROWTH = 0)
LOG ON
    (NAME = N'sb_filegroup_log', FILENAME = N'/var/opt/mssql/data/sb_filegroup_log.ldf', SIZE = 64MB, FILEGROWTH = 64MB)
GO
-- The seed's log was in auto-truncate mode: checkpoints truncate it, so it need not grow with the rows.
ALTER DATABASE [sb_filegroup] SET RECOVERY SIMPLE
GO
ALTER DATABASE [sb_filegroup] ADD FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] ADD FILE (NAME = N'sb_filegroup_fg001', FILENAME = N'/var/opt/mssql/data/sb_filegroup_fg001.ndf', SIZE = 200MB, FILEGROWTH = 0) TO FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] ADD FILE (NAME = N'sb_filegroup_fg002', FILENAME = N'/var/opt/mssql/data/sb_filegroup_fg002.ndf', SIZE = 200MB, FILEGROWTH = 0) TO FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] ADD FILE (NAME = N'sb_filegroup_fg003', FILENAME = N'/var/opt/mssql/data/sb_filegroup_fg003.ndf', SIZE = 200MB, FILEGROWTH = 0) TO FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] ADD FILE (NAME = N'sb_filegroup_fg004', FILENAME = N'/var/opt/mssql/data/sb_filegroup_fg004.ndf', SIZE = 200MB, FILEGROWTH = 0) TO FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] ADD FILE (NAME = N'sb_filegroup_fg005', FILENAME = N'/var/opt/mssql/data/sb_filegroup_fg005.ndf', SIZE = 200MB, FILEGROWTH = 0) TO FILEGROUP [FG01]
GO
ALTER DATABASE [sb_filegroup] MODIFY FILEGROUP [FG01] DEFAULT
GO
-- step: create-table (setup)
CREATE TABLE [sb_filegroup] (
    id   INT IDENTITY,
    text CHAR(8000),
    at   DATETIME2 DEFAULT SYSDATETIME()
)
GO
-- step: insert (measured)
INSERT INTO [sb_filegroup] (text) VALUES (?)
GO
-- step: used-pages (measured)
-- After the timed inserts (untimed): pages used in each file of the filegroup, to check proportional fill.
SELECT f.name, FILEPROPERTY(f.name, 'SpaceUsed'), f.size
FROM sys.database_files AS f
JOIN sys.filegroups AS g ON g.data_space_id = f.data_space_id
WHERE g.name = N'FG01'
ORDER BY f.file_id
GO
-- step: drop-storage (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_filegroup' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_filegroup] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_filegroup') IS NOT NULL
    DROP DATABASE [sb_filegroup]
GO
