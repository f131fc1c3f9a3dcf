-- oltp: the workload's own database, whatever the mix. The marker table says which build of the schema
-- the database holds: the checksum of the parameters that shape it (mix, warehouses or scale, the
-- product's SQL …), the run that built it, and how many trials ran on it since; set-up builds the schema
-- again when the checksum (or, with schema: per-run, the run) differs. It is written once the load and
-- the indexes are done, so a build that was interrupted has none and is built again. Values are bound (?).

-- name: create-marker
CREATE TABLE sb_oltp_schema (
    checksum VARCHAR(64) NOT NULL,
    run_id   VARCHAR(100) NOT NULL,
    built_at TIMESTAMP NOT NULL,
    trials   INT NOT NULL
);

-- name: write-marker
INSERT INTO sb_oltp_schema (checksum, run_id, built_at, trials) VALUES (?, ?, CURRENT_TIMESTAMP, 0);

-- name: read-marker
SELECT checksum, run_id, trials FROM sb_oltp_schema;

-- name: count-trial
UPDATE sb_oltp_schema SET trials = trials + 1;
