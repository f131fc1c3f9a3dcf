-- step: prepare (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_file_init' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_file_init] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_file_init') IS NOT NULL
    DROP DATABASE [sb_file_init]
GO
-- instant_file_initialization_enabled: SQL Server 2016 SP1 and later; older servers fail (state unknown).
-- Needs VIEW SERVER STATE.
SELECT instant_file_initialization_enabled FROM sys.dm_server_services WHERE servicename LIKE N'SQL Server (%'
GO
-- step: create (measured)
CREATE DATABASE [sb_file_init]
ON PRIMARY
    (NAME = N'sb_file_init_data001', FILENAME = N'/var/opt/mssql/data/sb_file_init_data001.mdf', SIZE = 20MB, FILEGROWTH = 0),
    (NAME = N'sb_file_init_data002', FILENAME = N'/var/opt/mssql/data/sb_file_init_data002.ndf', SIZE = 20MB, FILEGROWTH = 0),
    (NAME = N'sb_file_init_data003', FILENAME = N'/var/opt/mssql/data/sb_file_init_data003.ndf', SIZE = 20MB, FILEGROWTH = 0),
    (NAME = N'sb_file_init_data004', FILENAME = N'/var/opt/mssql/data/sb_file_init_data004.ndf', SIZE = 20MB, FILEGROWTH = 0),
    -- … 493 more lines like these …
    (NAME = N'sb_file_init_data498', FILENAME = N'/var/opt/mssql/data/sb_file_init_data498.ndf', SIZE = 20MB, FILEGROWTH = 0),
    (NAME = N'sb_file_init_data499', FILENAME = N'/var/opt/mssql/data/sb_file_init_data499.ndf', SIZE = 20MB, FILEGROWTH = 0),
    (NAME = N'sb_file_init_data500', FILENAME = N'/var/opt/mssql/data/sb_file_init_data500.ndf', SIZE = 20MB, FILEGROWTH = 0)
LOG ON
    (NAME = N'sb_file_init_log', FILENAME = N'/var/opt/mssql/data/sb_file_init_log.ldf', SIZE = 8MB, FILEGROWTH = 0)
GO
-- step: drop (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_file_init' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_file_init] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_file_init') IS NOT NULL
    DROP DATABASE [sb_file_init]
GO
