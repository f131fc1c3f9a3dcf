-- filegroup-insert (seed 001) on PostgreSQL: a table hash-partitioned over N partitions, each in its own
-- tablespace (PostgreSQL's nearest thing to a filegroup of N files: one directory, one segment file per
-- partition). text is char(8000) with STORAGE PLAIN: no compression, no TOAST, so each row fills one
-- 8 KiB heap page (8000 bytes + headers ≤ 8160), as CHAR(8000) does on SQL Server.
-- {table}, {partition}, {tablespace} are quoted identifiers; {location} a checked path literal;
-- {modulus}, {remainder} numbers. Values are bound (?).

-- name: leftover-tablespaces
SELECT spcname FROM pg_tablespace WHERE spcname ~ ? ORDER BY spcname;

-- name: drop-table
DROP TABLE IF EXISTS {table};

-- name: drop-tablespace
DROP TABLESPACE IF EXISTS {tablespace};

-- name: create-tablespace
CREATE TABLESPACE {tablespace} LOCATION {location};

-- name: create-table
CREATE TABLE {table} (
    id   int GENERATED ALWAYS AS IDENTITY,
    text char(8000) NOT NULL,
    at   timestamp NOT NULL DEFAULT clock_timestamp()
) PARTITION BY HASH (id);

-- name: plain-storage
ALTER TABLE {table} ALTER COLUMN text SET STORAGE PLAIN;

-- name: create-partition
CREATE TABLE {partition} PARTITION OF {table}
    FOR VALUES WITH (MODULUS {modulus}, REMAINDER {remainder}) TABLESPACE {tablespace};

-- name: insert
INSERT INTO {table} (text) VALUES (?);

-- name: flush-stats
-- PostgreSQL 15+: the inserting backend publishes its IO counters now, not up to a second later, so
-- the IO sampler's last sample has them.
SELECT pg_stat_force_next_flush();

-- name: wal-position
SELECT pg_current_wal_lsn()::text;

-- name: wal-bytes
SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), ?::pg_lsn);

-- name: partition-bytes
SELECT pg_relation_size(relid) FROM pg_partition_tree(?::regclass) WHERE isleaf ORDER BY relid::text;

-- name: block-size
SELECT current_setting('block_size')::int;
