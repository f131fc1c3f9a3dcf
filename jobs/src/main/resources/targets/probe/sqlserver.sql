-- What explains storage results on SQL Server, read at run start into the run's TargetSnapshot.
-- Each statement returns (name, value) rows; one that fails (a column the server's version lacks, a view
-- the login may not read: sys.dm_server_services needs VIEW SERVER STATE) is recorded as <name>_error.

-- name: server
SELECT 'product_version', CAST(SERVERPROPERTY('ProductVersion') AS nvarchar(128))
UNION ALL SELECT 'product_level', CAST(SERVERPROPERTY('ProductLevel') AS nvarchar(128))
UNION ALL SELECT 'product_update_level', CAST(SERVERPROPERTY('ProductUpdateLevel') AS nvarchar(128))
UNION ALL SELECT 'edition', CAST(SERVERPROPERTY('Edition') AS nvarchar(128))
UNION ALL SELECT 'engine_edition', CAST(SERVERPROPERTY('EngineEdition') AS nvarchar(128))
UNION ALL SELECT 'instance_default_data_path', CAST(SERVERPROPERTY('InstanceDefaultDataPath') AS nvarchar(260))
UNION ALL SELECT 'instance_default_log_path', CAST(SERVERPROPERTY('InstanceDefaultLogPath') AS nvarchar(260));

-- name: platform
-- sys.dm_os_host_info: SQL Server 2017 and later (Windows or Linux, and the distribution).
SELECT 'host_platform', host_platform FROM sys.dm_os_host_info
UNION ALL SELECT 'host_distribution', host_distribution FROM sys.dm_os_host_info
UNION ALL SELECT 'host_release', host_release FROM sys.dm_os_host_info;

-- name: service
-- instant_file_initialization_enabled: SQL Server 2016 SP1 and later (Y/N); older servers fail here and
-- the state is recorded as unknown (service_error).
SELECT 'instant_file_initialization_enabled', instant_file_initialization_enabled
FROM sys.dm_server_services WHERE servicename LIKE N'SQL Server (%'
UNION ALL SELECT 'service_account', service_account
FROM sys.dm_server_services WHERE servicename LIKE N'SQL Server (%';

-- name: tempdb
SELECT 'tempdb_data_files', CAST(COUNT(*) AS nvarchar(20)) FROM tempdb.sys.database_files WHERE type = 0
UNION ALL SELECT 'tempdb_data_mb', CAST(SUM(CAST(size AS bigint)) * 8 / 1024 AS nvarchar(20))
FROM tempdb.sys.database_files WHERE type = 0
UNION ALL SELECT 'tempdb_log_mb', CAST(SUM(CAST(size AS bigint)) * 8 / 1024 AS nvarchar(20))
FROM tempdb.sys.database_files WHERE type = 1;

-- name: database
SELECT 'database', DB_NAME()
UNION ALL SELECT 'recovery_model', recovery_model_desc FROM sys.databases WHERE database_id = DB_ID()
UNION ALL SELECT 'compatibility_level', CAST(compatibility_level AS nvarchar(10))
FROM sys.databases WHERE database_id = DB_ID();
