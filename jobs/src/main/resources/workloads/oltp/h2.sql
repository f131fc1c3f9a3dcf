-- oltp on H2: a database file of its own next to the target's (the url's path with _<database> added).
-- Virtual users wait up to 10 s for a row another holds (H2's default is 1 s), as the servers wait.

-- name: session
SET LOCK_TIMEOUT 10000;

-- name: drop-database
DROP ALL OBJECTS DELETE FILES;

-- name: database-bytes
SELECT CAST(SETTING_VALUE AS BIGINT) FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'info.FILE_SIZE';
