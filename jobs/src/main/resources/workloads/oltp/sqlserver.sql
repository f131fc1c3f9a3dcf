-- oltp on SQL Server: a database of its own under the target's file-root (workloads/database/sqlserver.sql
-- makes and drops it), its data file of file-size, so that seed 003's question — does a bigger file get
-- more IO? — can be asked under load. Statements run with that database as the connection's catalog.

-- name: create-marker
CREATE TABLE sb_oltp_schema (
    checksum VARCHAR(64) NOT NULL,
    run_id   VARCHAR(100) NOT NULL,
    built_at DATETIME2 NOT NULL,
    trials   INT NOT NULL
);

-- name: connection-limit
-- 'user connections' (0: the maximum, 32,767) and the user sessions open now (this one left out).
SELECT 'user connections', @@MAX_CONNECTIONS,
       (SELECT COUNT(*) FROM sys.dm_exec_sessions WHERE is_user_process = 1) - 1;

-- name: database-bytes
SELECT SUM(CAST(size AS BIGINT)) * 8192 FROM sys.database_files;
