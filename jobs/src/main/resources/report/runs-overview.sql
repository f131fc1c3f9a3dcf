-- One row per run, newest first: what started it (a schedule, or a person) and when. For the
-- service's dashboard, beside finished-runs.sql (how each ended).
--
-- Reads the view `scanned` (every runs file, made by Tables; schedule, scheduled_time and fire_time
-- are NULL in files written before they existed). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host (the hostname)
SELECT experiment, run_id, host.hostname AS host, schedule, epoch_us(scheduled_time) AS scheduled_us,
       epoch_us(fire_time) AS fire_us, epoch_us(min(start_time) OVER (PARTITION BY run_id)) AS started_us,
       planned_trials
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host.hostname = $3)
QUALIFY row_number() OVER (PARTITION BY run_id ORDER BY attempt DESC, start_time DESC) = 1
ORDER BY started_us DESC, run_id
