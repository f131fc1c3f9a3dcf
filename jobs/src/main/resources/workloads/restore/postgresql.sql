-- restore (seed 004) on PostgreSQL. {database}, {table}, {index} are quoted identifiers; {k} a number.
-- Values are bound (?).

-- name: version
SELECT current_setting('server_version_num')::int;

-- name: create-database
CREATE DATABASE {database} TEMPLATE template0;

-- The source of a generated backup: rows of about 250 bytes and indexes on expressions, so that each
-- index build sorts its own keys, as the indexes of seed 004's database did.

-- name: create-table
CREATE TABLE {table} (
    id   int PRIMARY KEY,
    code text NOT NULL,
    text char(200) NOT NULL,
    at   timestamp NOT NULL
);

-- name: fill-table
INSERT INTO {table} (id, code, text, at)
SELECT g, md5(g::text), 'Sr. Nimbus ' || g, timestamp '2024-01-01' + g * interval '1 second'
FROM generate_series(1, ?) AS g;

-- name: create-index
CREATE INDEX {index} ON {table} (md5(code || '{k}'));

-- name: database-bytes
SELECT pg_database_size(?);

-- name: count-rows
SELECT count(*) FROM {table};
