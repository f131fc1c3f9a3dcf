-- One value per measured trial and step: the step's duration in seconds or one of its metrics.
--
-- Reads the view `scanned` (every trials file, made by Report). Parameters (NULL means "any"):
--   $1  the metric: 'duration' or a key of the metrics map
--   $2  experiment
--   $3  a run id to keep, or NULL for every run (one statement per run when several are asked for)
--
-- Only measured steps (phase 'measured') of measured trials (warmup = false AND outcome = 'OK').
-- `configuration` labels the run's fixed configuration among its experiment's (empty where it ran
-- one). A trial without the metric gives no row. Rows come in plan order.
SELECT experiment, host, configuration, run_id, variant, map_keys(factors) AS factor_keys, epoch_us(start_time) AS start_us,
       map_values(factors) AS factor_values, step, trial_index, start_time,
       CASE WHEN $1 = 'duration' THEN duration_ns / 1e9
            ELSE CAST(metrics[$1] AS DOUBLE) END AS value
FROM scanned
WHERE coalesce(phase, 'measured') = 'measured'
  AND NOT warmup AND outcome = 'OK'
  AND ($2::VARCHAR IS NULL OR experiment = $2)
  AND ($3::VARCHAR IS NULL OR run_id = $3)
  AND (CASE WHEN $1 = 'duration' THEN duration_ns / 1e9 ELSE CAST(metrics[$1] AS DOUBLE) END) IS NOT NULL
ORDER BY experiment, host, configuration, step, trial_index
