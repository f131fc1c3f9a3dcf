-- restore (seed 004) on Firebird: the database set-up backs up when no backup is given, untimed.
-- A table of N rows with K integer columns, each with its own index, so that the restore builds K
-- indexes (gbak -v prints "activating and creating deferred index" for each, timed with -st).
-- The values are spread (i × a prime, modulo N) so that each index sorts for real.
-- {table}, {index} are quoted identifiers; {columns}, {names}, {values}, {column} are lists built
-- from those and numbers. Values are bound (?).

-- name: create-table
CREATE TABLE {table} (
    "ID"  INT NOT NULL,
    {columns}
    "PAD" VARCHAR(100) NOT NULL
);

-- name: fill
EXECUTE BLOCK (N INT = ?) AS
    DECLARE I INT = 0;
BEGIN
    WHILE (I < N) DO
    BEGIN
        INSERT INTO {table} ("ID", {names} "PAD") VALUES (:I, {values} LPAD(:I, 100, '.'));
        I = I + 1;
    END
END;

-- name: create-index
CREATE INDEX {index} ON {table} ({column});
