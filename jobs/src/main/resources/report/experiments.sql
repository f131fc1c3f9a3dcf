-- The experiments the trials files hold, by name: what a command names when the experiment it was
-- asked for is not among them.
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run id
--   $3  host
SELECT DISTINCT experiment
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
ORDER BY experiment
