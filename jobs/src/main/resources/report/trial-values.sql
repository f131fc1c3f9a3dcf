-- One value per measured trial, step and metric: the step's duration in seconds or one of its metrics.
--
-- Reads the view `scanned` (every trials file, made by Tables). {{metrics}} is the list of metrics
-- asked for: 'duration' and keys of the metrics map. Parameters (NULL means "any"):
--   $1  experiment
--   $2  a run id to keep, or NULL for every run (one statement per run when several are asked for)
--
-- Only measured steps (phase 'measured') of measured trials (warmup = false AND outcome = 'OK').
-- `configuration` labels the run's fixed configuration among its experiment's (empty where it ran
-- one). A trial without a metric gives no row for it. Rows come in plan order within each metric.
SELECT metric, experiment, host, configuration, run_id, variant, factor_keys, start_us,
       factor_values, step, trial_index, value
FROM (
  SELECT m.metric, experiment, host, configuration, run_id, variant,
         map_keys(factors) AS factor_keys, map_values(factors) AS factor_values,
         epoch_us(start_time) AS start_us, step, trial_index,
         CASE WHEN m.metric = 'duration' THEN duration_ns / 1e9
              ELSE CAST(metrics[m.metric] AS DOUBLE) END AS value
  FROM scanned, (SELECT unnest({{metrics}}) AS metric) m
  WHERE coalesce(phase, 'measured') = 'measured'
    AND NOT warmup AND outcome = 'OK'
    AND ($1::VARCHAR IS NULL OR experiment = $1)
    AND ($2::VARCHAR IS NULL OR run_id = $2)
)
WHERE value IS NOT NULL
ORDER BY metric, experiment, host, configuration, step, trial_index
