-- How each run ended: its last attempt's RunFinished.
--
-- Reads the view `scanned` (every run_finished file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
SELECT run_id, status::VARCHAR AS status, epoch_us(end_time) AS ended_us, trials, failures, error
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
QUALIFY row_number() OVER (PARTITION BY run_id ORDER BY attempt DESC, end_time DESC) = 1
