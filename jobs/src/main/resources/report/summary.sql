-- Statistics per experiment × host × variant × step, straight from the trials table of the dataset.
--
-- Reads the view `scanned` (every trials file, made by Report). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
--
-- Only measured steps (phase 'measured'; set-up and clean-up are recorded untimed) of measured trials (warmup = false AND outcome = 'OK') enter the statistics; warm-ups and failed
-- trials are counted beside them, so n + failed + warmups is every row of the group.
-- Durations are returned in seconds. ratio = mean / the smallest mean in the same experiment, host
-- and step. Groups come in plan order: the variant whose first trial ran first comes first.
WITH trials AS (
    SELECT experiment, host, variant, factors, step, trial_index, warmup,
           NOT warmup AND outcome = 'OK' AS measured,
           duration_ns / 1e9 AS seconds
    FROM scanned
    WHERE coalesce(phase, 'measured') = 'measured'
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
),
groups AS (
    SELECT experiment, host, variant, step,
           min(trial_index)                                 AS first_trial,
           any_value(factors)                               AS factors,
           count(*) FILTER (measured)                       AS n,
           avg(seconds) FILTER (measured)                   AS mean,
           median(seconds) FILTER (measured)                AS median,
           stddev_samp(seconds) FILTER (measured)           AS stddev,
           min(seconds) FILTER (measured)                   AS min,
           max(seconds) FILTER (measured)                   AS max,
           quantile_cont(seconds, 0.95) FILTER (measured)   AS p95,
           count(*) FILTER (NOT warmup AND NOT measured)    AS failed,
           count(*) FILTER (warmup)                         AS warmups
    FROM trials
    GROUP BY experiment, host, variant, step
)
SELECT experiment, host, variant, map_keys(factors) AS factor_keys, map_values(factors) AS factor_values,
       step, n, mean, median, stddev, min, max, p95,
       mean / nullif(min(mean) OVER (PARTITION BY experiment, host, step), 0) AS ratio,
       failed, warmups
FROM groups
ORDER BY experiment, host, step, first_trial, variant
