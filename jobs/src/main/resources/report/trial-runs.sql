-- Each run the trials files hold, with its experiment and host, newest first: what a command names
-- when the experiment, host or run it was asked for is not among them.
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run id
--   $3  host
SELECT experiment, host, run_id, min(start_time) AS started
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
GROUP BY experiment, host, run_id
ORDER BY started DESC, run_id
