-- The regressions found, newest first.
--
-- Reads the view `scanned` (every regressions file, made by Tables; a column older files lack reads
-- as its default, NULL for those of Regression v2). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
SELECT experiment, run_id, schedule, host, step, variant, metric, change, p_value, verdict,
       epoch_us(detected_time) AS detected_us, window_runs,
       change_point_run_id, confirmed, rerun_id
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
ORDER BY detected_time DESC, experiment, step, variant, metric
