-- What explains storage results on Firebird, read at run start into the run's TargetSnapshot.
-- Each statement returns (name, value) rows; one that fails is recorded as <name>_error.
-- (Literals of a UNION are CHAR, padded: the probe strips names and values.)
-- The server mode (Super, SuperClassic, Classic) is not visible here: the probe reads it from the
-- service manager (FirebirdServer).

-- name: database
-- The database the target's url names: its page size, forced writes (synchronous writes of every
-- page), on-disk structure, sweep interval and page cache.
SELECT 'page_size', CAST(MON$PAGE_SIZE AS VARCHAR(20)) FROM MON$DATABASE
UNION ALL SELECT 'forced_writes', CASE MON$FORCED_WRITES WHEN 1 THEN 'on' ELSE 'off' END FROM MON$DATABASE
UNION ALL SELECT 'ods', MON$ODS_MAJOR || '.' || MON$ODS_MINOR FROM MON$DATABASE
UNION ALL SELECT 'sweep_interval', CAST(MON$SWEEP_INTERVAL AS VARCHAR(20)) FROM MON$DATABASE
UNION ALL SELECT 'page_buffers', CAST(MON$PAGE_BUFFERS AS VARCHAR(20)) FROM MON$DATABASE
UNION ALL SELECT 'reserve_space', CASE MON$RESERVE_SPACE WHEN 1 THEN 'on' ELSE 'off' END FROM MON$DATABASE
UNION ALL SELECT 'sql_dialect', CAST(MON$SQL_DIALECT AS VARCHAR(20)) FROM MON$DATABASE
UNION ALL SELECT 'pages', CAST(MON$PAGES AS VARCHAR(20)) FROM MON$DATABASE
UNION ALL SELECT 'database_path', MON$DATABASE_NAME FROM MON$DATABASE;

-- name: engine
SELECT 'engine_version', RDB$GET_CONTEXT('SYSTEM', 'ENGINE_VERSION') FROM RDB$DATABASE
UNION ALL SELECT 'wire_encrypted', RDB$GET_CONTEXT('SYSTEM', 'WIRE_ENCRYPTED') FROM RDB$DATABASE
UNION ALL SELECT 'secondary_files', CAST(COUNT(*) AS VARCHAR(20)) FROM RDB$FILES;

-- name: server
-- The server process this connection is attached to, so that the host sampler can find it when it
-- runs on this host (probe/ServerOnHost).
SELECT 'server_pid', CAST(MON$SERVER_PID AS VARCHAR(20)) FROM MON$ATTACHMENTS
WHERE MON$ATTACHMENT_ID = CURRENT_CONNECTION;
