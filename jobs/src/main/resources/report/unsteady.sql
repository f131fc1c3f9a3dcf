-- The measured trials that never reached steady state (a workload's `steady-state`: metric `steady`
-- 0), per experiment × host × variant × step, with the trials judged there; only where some were
-- not steady.
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  the run ids to keep, comma-separated
--   $3  host
SELECT experiment, host, variant, step,
       count(*) FILTER (WHERE CAST(metrics['steady'] AS DOUBLE) = 0) AS unsteady,
       count(*)                                                      AS judged
FROM scanned
WHERE NOT warmup AND CAST(metrics['steady'] AS DOUBLE) IS NOT NULL
  AND ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR list_contains(string_split($2, ','), run_id))
  AND ($3::VARCHAR IS NULL OR host = $3)
GROUP BY experiment, host, variant, step
HAVING count(*) FILTER (WHERE CAST(metrics['steady'] AS DOUBLE) = 0) > 0
ORDER BY experiment, host, step, variant
