-- What explains storage results on H2, read at run start into the run's TargetSnapshot.
-- Each statement returns (name, value) rows; one that fails is recorded as <name>_error.

-- name: settings
SELECT SETTING_NAME, SETTING_VALUE
FROM INFORMATION_SCHEMA.SETTINGS
WHERE SETTING_NAME IN ('info.VERSION', 'info.PAGE_SIZE', 'info.CACHE_MAX_SIZE', 'COMPRESS', 'WRITE_DELAY',
                       'RETENTION_TIME', 'REUSE_SPACE', 'EXCLUSIVE', 'MODE')
ORDER BY SETTING_NAME;

-- name: store
-- H2 2.x keeps every database in an MVStore (chunks appended to one file); its info.* counters say so.
SELECT 'storage_engine',
       CASE WHEN EXISTS (SELECT 1 FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'info.CHUNK_COUNT')
            THEN 'MVStore' ELSE 'PageStore' END;
