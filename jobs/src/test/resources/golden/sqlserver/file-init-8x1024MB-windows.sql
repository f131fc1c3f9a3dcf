-- step: prepare (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'ifi_test' AND state_desc = N'ONLINE')
    ALTER DATABASE [ifi_test] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'ifi_test') IS NOT NULL
    DROP DATABASE [ifi_test]
GO
-- instant_file_initialization_enabled: SQL Server 2016 SP1 and later; older servers fail (state unknown).
-- Needs VIEW SERVER STATE.
SELECT instant_file_initialization_enabled FROM sys.dm_server_services WHERE servicename LIKE N'SQL Server (%'
GO
-- step: create (measured)
CREATE DATABASE [ifi_test]
ON PRIMARY
    (NAME = N'ifi_test_data001', FILENAME = N'D:\SQLData\ifi_test_data001.mdf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data002', FILENAME = N'D:\SQLData\ifi_test_data002.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data003', FILENAME = N'D:\SQLData\ifi_test_data003.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data004', FILENAME = N'D:\SQLData\ifi_test_data004.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data005', FILENAME = N'D:\SQLData\ifi_test_data005.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data006', FILENAME = N'D:\SQLData\ifi_test_data006.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data007', FILENAME = N'D:\SQLData\ifi_test_data007.ndf', SIZE = 1024MB, FILEGROWTH = 0),
    (NAME = N'ifi_test_data008', FILENAME = N'D:\SQLData\ifi_test_data008.ndf', SIZE = 1024MB, FILEGROWTH = 0)
LOG ON
    (NAME = N'ifi_test_log', FILENAME = N'D:\SQLData\ifi_test_log.ldf', SIZE = 256MB, FILEGROWTH = 0)
GO
-- step: drop (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'ifi_test' AND state_desc = N'ONLINE')
    ALTER DATABASE [ifi_test] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'ifi_test') IS NOT NULL
    DROP DATABASE [ifi_test]
GO
