-- Each run's count and mean of each metric asked for, per experiment × host × configuration × variant ×
-- step: what a trend by change points is made of (it judges the runs' means, never a trial's value).
--
-- Reads the view `scanned` (every trials file, made by Tables). {{metrics}} is the list of metrics
-- asked for: 'duration' (the step's duration in seconds) and keys of the metrics map. Parameters
-- (NULL means "any"):
--   $1  experiment
--
-- Only measured steps (phase 'measured') of measured trials (warmup = false AND outcome = 'OK'); a
-- trial without a metric gives nothing for it. `start_us` is the run's first trial's start (NULL where
-- no trial recorded one). Rows come, within each metric, in the order of each run's first trial within
-- each experiment, host, configuration and step, as the trials themselves do in trial-values.sql.
SELECT metric, experiment, host, configuration, run_id, variant, step,
       min(trial_index) AS first_trial, epoch_us(min(start_time)) AS start_us,
       count(*) AS n, avg(value) AS mean
FROM (
  SELECT m.metric, experiment, host, configuration, run_id, variant, step, trial_index, start_time,
         CASE WHEN m.metric = 'duration' THEN duration_ns / 1e9
              ELSE CAST(metrics[m.metric] AS DOUBLE) END AS value
  FROM scanned, (SELECT unnest({{metrics}}) AS metric) m
  WHERE coalesce(phase, 'measured') = 'measured'
    AND NOT warmup AND outcome = 'OK'
    AND ($1::VARCHAR IS NULL OR experiment = $1)
)
WHERE value IS NOT NULL
GROUP BY metric, experiment, host, configuration, run_id, variant, step
ORDER BY metric, experiment, host, configuration, step, first_trial
