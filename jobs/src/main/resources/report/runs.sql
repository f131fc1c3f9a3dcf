-- The runs of the dataset with the facts their RunStarted events recorded: the host (its governor or
-- power plan, disk, mount options, settings read back) and the target (kind, product, version,
-- properties). Secrets never reach the events, so nothing here needs redacting.
--
-- Reads the view `scanned` (every runs file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host (the hostname)
-- A restarted run has one row per attempt: the last attempt's facts are kept.
SELECT experiment, run_id, start_time, to_json(host)::VARCHAR AS host, to_json(target)::VARCHAR AS target
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host.hostname = $3)
QUALIFY row_number() OVER (PARTITION BY experiment, run_id ORDER BY attempt DESC, start_time DESC) = 1
ORDER BY experiment, start_time, run_id
