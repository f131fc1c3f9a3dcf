-- filegroup-insert (seed 001) on H2: a fresh database file per trial holds the table (H2 keeps a
-- database in one file, so files is 1). H2's MVStore appends chunks to that file (a CHAR(8000) row
-- took about 8,070 bytes of it in our runs), and commits are written by a background writer
-- (WRITE_DELAY, 500 ms by default), not forced one by one (set ;WRITE_DELAY=0 in the url to write at
-- every commit), so the timed step ends with a CHECKPOINT that writes the rest.
-- {table} is a quoted identifier; values are bound (?).

-- name: drop-database
DROP ALL OBJECTS DELETE FILES;

-- name: create-table
CREATE TABLE {table} (
    id   INT GENERATED ALWAYS AS IDENTITY,
    text CHAR(8000) NOT NULL,
    at   TIMESTAMP NOT NULL DEFAULT LOCALTIMESTAMP
);

-- name: insert
INSERT INTO {table} (text) VALUES (?);

-- name: checkpoint
-- Timed, after the rows: writes what the background writer has not yet written.
CHECKPOINT;

-- name: store-figures
SELECT SETTING_NAME, SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS
WHERE SETTING_NAME IN ('info.FILE_SIZE', 'info.FILE_WRITE_BYTES', 'info.FILE_WRITE', 'info.CHUNK_COUNT',
                       'info.PAGE_COUNT');
