-- The statistics of each experiment × host × configuration × variant × step × metric over all the runs asked for and,
-- when asked, each variant's count and mean per run: what the summary, the comparisons, the headline
-- tables and the trend lines are made of, in one scan of the trials files.
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run ids, separated by chr(31)
--   $3  host
-- Written in by VariantStats, so that DuckDB leaves out what is not asked for before it reads a file:
--   {{metrics}}       the metrics to read, a VARCHAR[]: 'duration' (the step's duration in seconds) and
--                     keys of the trials' metrics maps that the files may hold
--   {{per_run}}       whether to add the rows per run (true) or only the rows over all runs (false)
--   {{materialized}}  MATERIALIZED where `picked` is read twice (rows per run, or the duration and
--                     metrics both), else NOT MATERIALIZED
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
--
-- The statistics are taken per class of trial (measured, failed, warm-up) with no FILTER on each
-- aggregate, which costs DuckDB more than the few groups more; the classes are then put together.
WITH picked AS {{materialized}} (
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time,
           CASE WHEN warmup THEN 'warmup'
                WHEN NOT warmup AND outcome = 'OK' THEN 'measured'
                WHEN NOT warmup AND NOT outcome = 'OK' THEN 'failed' END AS class,
           duration_ns, scanned.metrics AS values
    FROM scanned
    WHERE coalesce(phase, 'measured') = 'measured'
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR list_contains(string_split($2, chr(31)), run_id))
      AND ($3::VARCHAR IS NULL OR host = $3)
),
-- one row per trial and metric asked for
valued AS (
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time, class,
           'duration' AS metric, duration_ns / 1e9 AS value
    FROM picked
    WHERE list_contains({{metrics}}, 'duration')
    UNION ALL
    SELECT experiment, host, configuration, variant, factors, step, run_id, trial_index, start_time, class,
           entry.key AS metric, CAST(entry.value AS DOUBLE) AS value
    FROM (SELECT picked.* EXCLUDE (values), unnest(map_entries(values)) AS entry
          FROM picked
          WHERE len(list_filter({{metrics}}, lambda m: m <> 'duration')) > 0)
    WHERE list_contains({{metrics}}, entry.key) AND entry.value IS NOT NULL
),
by_class AS (
    SELECT experiment, host, configuration, variant, step, metric, class,
           any_value(factors)                                       AS factors,
           min(trial_index)                                         AS first_trial,
           count(*)                                                 AS n,
           avg(value)                                               AS mean,
           var_samp(value)                                          AS variance,
           quantile_cont(value, [0.5, 0.95])                        AS quantiles,
           min(value)                                               AS min,
           max(value)                                               AS max,
           avg(ln(CASE WHEN value > 0 THEN value END))              AS log_mean,
           var_samp(ln(CASE WHEN value > 0 THEN value END))         AS log_variance
    FROM valued
    GROUP BY experiment, host, configuration, variant, step, metric, class
),
overall AS (
    SELECT experiment, host, configuration, variant, step, metric,
           NULL::VARCHAR                                            AS run_id,
           any_value(factors)                                       AS factors,
           min(first_trial)                                         AS first_trial,
           NULL::BIGINT                                             AS started,
           coalesce(sum(n) FILTER (class = 'measured'), 0)          AS n,
           any_value(mean) FILTER (class = 'measured')              AS mean,
           any_value(variance) FILTER (class = 'measured')          AS variance,
           any_value(quantiles) FILTER (class = 'measured')         AS quantiles,
           any_value(min) FILTER (class = 'measured')               AS min,
           any_value(max) FILTER (class = 'measured')               AS max,
           any_value(log_mean) FILTER (class = 'measured')          AS log_mean,
           any_value(log_variance) FILTER (class = 'measured')      AS log_variance,
           coalesce(sum(n) FILTER (class = 'failed'), 0)            AS failed,
           coalesce(sum(n) FILTER (class = 'warmup'), 0)            AS warmups
    FROM by_class
    GROUP BY experiment, host, configuration, variant, step, metric
),
per_run AS (
    SELECT experiment, host, configuration, variant, step, metric, run_id,
           NULL::MAP(VARCHAR, VARCHAR)                              AS factors,
           min(trial_index)                                         AS first_trial,
           epoch_us(min(start_time))                                AS started,
           count(*) FILTER (class = 'measured')                     AS n,
           avg(value) FILTER (class = 'measured')                   AS mean,
           NULL::DOUBLE AS variance, NULL::DOUBLE[] AS quantiles, NULL::DOUBLE AS min,
           NULL::DOUBLE AS max, NULL::DOUBLE AS log_mean, NULL::DOUBLE AS log_variance,
           count(*) FILTER (class = 'failed')                       AS failed,
           count(*) FILTER (class = 'warmup')                       AS warmups
    FROM valued
    WHERE {{per_run}}
    GROUP BY experiment, host, configuration, variant, step, metric, run_id
)
SELECT experiment, host, configuration, variant, map_keys(factors) AS factor_keys, map_values(factors) AS factor_values,
       step, metric, run_id, first_trial, started, n, mean, variance,
       quantiles[1] AS median, quantiles[2] AS p95, min, max, log_mean, log_variance, failed, warmups
FROM (SELECT * FROM overall UNION ALL SELECT * FROM per_run)
ORDER BY experiment, host, configuration, step, metric, run_id NULLS FIRST, first_trial, variant, started
