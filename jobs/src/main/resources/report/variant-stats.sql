-- The statistics of each experiment × host × configuration × variant × step × metric over all the runs asked for and,
-- when asked, each variant's count and mean per run: what the summary, the comparisons, the headline
-- tables and the trend lines are made of, in one scan of the trials files.
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run ids, separated by chr(31)
--   $3  host
--   $4  metrics, separated by chr(31): 'duration' (the step's duration in seconds) or keys of the
--       trials' metrics maps
--   $5  whether to add the rows per run (true) or only the rows over all runs (false)
--
-- Only measured steps (phase 'measured'; set-up and clean-up are recorded untimed) of measured trials
-- (warmup = false AND outcome = 'OK') enter the statistics; warm-ups and failed trials are counted
-- beside them, so n + failed + warmups is every row of the group that has the metric. A trial without
-- a metric gives no row for it. log_mean and log_variance are over the natural logs of the values
-- (NULL where a value is not positive: the comparisons then test the values themselves). A row per
-- run has run_id, started (its first trial), n and mean only.
-- `configuration` labels a run's fixed configuration among its experiment's (empty where the
-- experiment ran one): runs that differ in it are never pooled.
-- Groups come in plan order: the variant whose first trial ran first comes first.
WITH picked AS (
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time, warmup,
           NOT warmup AND outcome = 'OK' AS measured, duration_ns, scanned.metrics AS values
    FROM scanned
    WHERE coalesce(phase, 'measured') = 'measured'
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR list_contains(string_split($2, chr(31)), run_id))
      AND ($3::VARCHAR IS NULL OR host = $3)
),
-- one row per trial and metric asked for, read once and aggregated twice below
valued AS MATERIALIZED (
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time, warmup, measured,
           'duration' AS metric, duration_ns / 1e9 AS value
    FROM picked
    WHERE list_contains(string_split($4, chr(31)), 'duration')
    UNION ALL
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time, warmup, measured,
           entry.key AS metric, CAST(entry.value AS DOUBLE) AS value
    FROM (SELECT picked.* EXCLUDE (values), unnest(map_entries(values)) AS entry
          FROM picked
          WHERE len(string_split($4, chr(31))) > 1
             OR NOT list_contains(string_split($4, chr(31)), 'duration'))
    WHERE list_contains(string_split($4, chr(31)), entry.key) AND entry.value IS NOT NULL
),
overall AS (
    SELECT experiment, host, configuration, variant, step, metric,
           NULL::VARCHAR                                            AS run_id,
           any_value(factors)                                       AS factors,
           min(trial_index)                                         AS first_trial,
           NULL::BIGINT                                             AS started,
           count(*) FILTER (measured)                               AS n,
           avg(value) FILTER (measured)                             AS mean,
           var_samp(value) FILTER (measured)                        AS variance,
           quantile_cont(value, [0.5, 0.95]) FILTER (measured)      AS quantiles,
           min(value) FILTER (measured)                             AS min,
           max(value) FILTER (measured)                             AS max,
           avg(ln(CASE WHEN value > 0 THEN value END)) FILTER (measured)      AS log_mean,
           var_samp(ln(CASE WHEN value > 0 THEN value END)) FILTER (measured) AS log_variance,
           count(*) FILTER (NOT warmup AND NOT measured)            AS failed,
           count(*) FILTER (warmup)                                 AS warmups
    FROM valued
    GROUP BY experiment, host, configuration, variant, step, metric
),
per_run AS (
    SELECT experiment, host, configuration, variant, step, metric, run_id,
           NULL::MAP(VARCHAR, VARCHAR)                              AS factors,
           min(trial_index)                                         AS first_trial,
           epoch_us(min(start_time))                                AS started,
           count(*) FILTER (measured)                               AS n,
           avg(value) FILTER (measured)                             AS mean,
           NULL::DOUBLE AS variance, NULL::DOUBLE[] AS quantiles, NULL::DOUBLE AS min,
           NULL::DOUBLE AS max, NULL::DOUBLE AS log_mean, NULL::DOUBLE AS log_variance,
           count(*) FILTER (NOT warmup AND NOT measured)            AS failed,
           count(*) FILTER (warmup)                                 AS warmups
    FROM valued
    WHERE $5
    GROUP BY experiment, host, configuration, variant, step, metric, run_id
)
SELECT experiment, host, configuration, variant, map_keys(factors) AS factor_keys, map_values(factors) AS factor_values,
       step, metric, run_id, first_trial, started, n, mean, variance,
       quantiles[1] AS median, quantiles[2] AS p95, min, max, log_mean, log_variance, failed, warmups
FROM (SELECT * FROM overall UNION ALL SELECT * FROM per_run)
ORDER BY experiment, host, configuration, step, metric, run_id NULLS FIRST, first_trial, variant, started
