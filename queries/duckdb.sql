-- The dataset as DuckDB views over the dataset folder held by the variable parquet (default
-- data/parquet: run from the folder that holds data/, the default data directory).
--   storagebench sql "SELECT ..."                  defines them over its data directory's dataset;
--   duckdb -init queries/duckdb.sql                 DuckDB's CLI, from the folder that holds data/;
--   duckdb -cmd "SET VARIABLE parquet = 'DIR/parquet'" -cmd ".read queries/duckdb.sql"
--                                                   DuckDB's CLI over the data directory DIR;
--   over JDBC: SET VARIABLE parquet first (or not), then each statement of this file.
-- A view reads the variable each time it is queried: SET VARIABLE parquet = '...' moves them all.
-- Columns added to an event after a file was written read back as the event's default here, not
-- NULL: phase 'measured', host_settings and metrics empty. measured_trials holds what statistics
-- are made of: measured steps (not set-up or clean-up) of trials that are not warm-ups and ended OK.
-- Partition values stay text (experiment '007' is not a number).

SET VARIABLE parquet = coalesce(getvariable('parquet'), 'data/parquet');

CREATE OR REPLACE VIEW trials AS
SELECT * REPLACE (
    coalesce(phase, 'measured') AS phase,
    coalesce(host_settings, MAP {}::MAP(VARCHAR, VARCHAR)) AS host_settings,
    coalesce(metrics, MAP {}::MAP(VARCHAR, DOUBLE)) AS metrics)
FROM read_parquet(getvariable('parquet') || '/trials/**/*.parquet',
                  hive_partitioning = true, union_by_name = true, hive_types_autocast = false);

CREATE OR REPLACE VIEW measured_trials AS
SELECT *, duration_ns / 1e9 AS duration_s
FROM trials
WHERE phase = 'measured' AND NOT warmup AND outcome = 'OK';

-- A restarted run started more than once: run_attempts has a row per start (attempt 1, 2, ...),
-- runs one row per run (its first start) with the number of its attempts beside it. host_labels is
-- the host's labels (host.labels; the setting host.labels, an import's --host-label), empty for runs
-- recorded before runs carried them; host.hostname is the host's name (the setting host.name).
CREATE OR REPLACE VIEW run_attempts AS
SELECT *,
       coalesce(CAST(json_extract(to_json(a), '$.host.labels') AS MAP(VARCHAR, VARCHAR)),
                MAP {}::MAP(VARCHAR, VARCHAR)) AS host_labels
FROM read_parquet(getvariable('parquet') || '/runs/**/*.parquet',
                  hive_partitioning = true, union_by_name = true, hive_types_autocast = false) a;

CREATE OR REPLACE VIEW runs AS
SELECT *, count(*) OVER (PARTITION BY run_id) AS attempts
FROM run_attempts
QUALIFY row_number() OVER (PARTITION BY run_id ORDER BY start_time) = 1;

-- run_configurations: each run's `configuration`, the fingerprint of what it held fixed (workload
-- parameters that are not factors, target settings). Runs of one experiment with two configurations
-- (rows: 5000, then --override workload.rows=1000) answer two questions: join it and group by it.
-- A run recorded before runs carried one has 'text-' and the first 12 hex digits of its config
-- text's SHA-256 instead (storagebench report reads that text again and labels it by its values).
CREATE OR REPLACE VIEW run_configurations AS
SELECT run_id,
       coalesce(json_extract_string(to_json(r), '$.configuration'),
                'text-' || left(json_extract_string(to_json(r), '$.config_sha256'), 12)) AS configuration
FROM runs r;
