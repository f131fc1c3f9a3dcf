-- step: prepare-backup (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'tpcc_restored' AND state_desc = N'ONLINE')
    ALTER DATABASE [tpcc_restored] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'tpcc_restored') IS NOT NULL
    DROP DATABASE [tpcc_restored]
GO
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'tpcc_restored_src' AND state_desc = N'ONLINE')
    ALTER DATABASE [tpcc_restored_src] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'tpcc_restored_src') IS NOT NULL
    DROP DATABASE [tpcc_restored_src]
GO
-- The backup's files: LogicalName (1), PhysicalName (2), Type (3: D data, L log, S FILESTREAM, F full-text).
RESTORE FILELISTONLY FROM DISK = N'E:\Backups\tpcc1000.bak'
GO
-- step: restore (measured)
RESTORE DATABASE [tpcc_restored] FROM DISK = N'E:\Backups\tpcc1000.bak'
WITH MOVE N'tpcc' TO N'D:\SQLData\tpcc_restored_data001.mdf',
    MOVE N'tpcc_2' TO N'D:\SQLData\tpcc_restored_data002.ndf',
    MOVE N'o''brien' TO N'D:\SQLData\tpcc_restored_data003.ndf',
    MOVE N'tpcc_log' TO N'D:\SQLData\tpcc_restored_log.ldf',
    STATS = 5, REPLACE
GO
-- step: drop (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'tpcc_restored' AND state_desc = N'ONLINE')
    ALTER DATABASE [tpcc_restored] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'tpcc_restored') IS NOT NULL
    DROP DATABASE [tpcc_restored]
GO
