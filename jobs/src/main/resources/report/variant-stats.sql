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
--   {{factored_by}}   which trials give each variant its factors: `repetition <= 1` (each variant's first
--                     trials: decoding every trial's factors map cost half a plain GROUP BY), or `true`
--                     where some variant has no such trial (a run stopped before its first repetition);
--                     `factored` says whether a row over all runs found its factors
--
-- Only measured steps (phase 'measured'; set-up and clean-up are recorded untimed) of measured trials
-- (warmup = false AND outcome = 'OK') enter the statistics; warm-ups and failed trials are counted
-- beside them, so n + failed + warmups is every row of the group that has the metric. A trial without
-- a metric gives no row for it. log_mean and log_variance are over the natural logs of the values
-- (NULL where a value is not positive: the comparisons then test the values themselves). A row per
-- run has run_id, started (its first trial), n and mean only. The counts are BIGINT (a sum of counts
-- would be a HUGEINT, which JDBC reads through a BigInteger).
-- `configuration` labels a run's fixed configuration among its experiment's (empty where the
-- experiment ran one): runs that differ in it are never pooled.
-- Groups come in plan order: the variant whose first trial ran first comes first.
--
-- The statistics are taken per class of trial (measured, failed, warm-up) with no FILTER on each
-- aggregate, which costs DuckDB more than the few groups more; the classes are then put together.
-- The durations are taken as the integers they are stored as (nanoseconds) and scaled to seconds after
-- (the quantiles of integers cost DuckDB less than those of the same values as doubles); the logs'
-- variance is the same for both, their mean is shifted by ln(1e9).
WITH picked AS {{materialized}} (
    SELECT experiment, host, configuration, variant, step, run_id, trial_index, start_time,
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
-- one row per trial and metric asked for other than the duration
metric_values AS (
    SELECT experiment, host, configuration, variant, step, run_id, trial_index, start_time, class,
           entry.key AS metric, CAST(entry.value AS DOUBLE) AS value
    FROM (SELECT picked.* EXCLUDE (values), unnest(map_entries(values)) AS entry
          FROM picked
          WHERE len(list_filter({{metrics}}, lambda m: m <> 'duration')) > 0)
    WHERE list_contains({{metrics}}, entry.key) AND entry.value IS NOT NULL
),
by_class AS (
    SELECT experiment, host, configuration, variant, step, 'duration' AS metric, class,
           min(trial_index)                                         AS first_trial,
           count(*)                                                 AS n,
           avg(duration_ns) / 1e9                                   AS mean,
           var_samp(duration_ns) / 1e18                             AS variance,
           list_transform(quantile_cont(duration_ns, [0.5, 0.95]), lambda q: q / 1e9) AS quantiles,
           min(duration_ns) / 1e9                                   AS min,
           max(duration_ns) / 1e9                                   AS max,
           avg(ln(CASE WHEN duration_ns > 0 THEN duration_ns END)) - ln(1e9) AS log_mean,
           var_samp(ln(CASE WHEN duration_ns > 0 THEN duration_ns END)) AS log_variance
    FROM picked
    WHERE list_contains({{metrics}}, 'duration')
    GROUP BY experiment, host, configuration, variant, step, class
    UNION ALL
    SELECT experiment, host, configuration, variant, step, metric, class,
           min(trial_index)                                         AS first_trial,
           count(*)                                                 AS n,
           avg(value)                                               AS mean,
           var_samp(value)                                          AS variance,
           quantile_cont(value, [0.5, 0.95])                        AS quantiles,
           min(value)                                               AS min,
           max(value)                                               AS max,
           avg(ln(CASE WHEN value > 0 THEN value END))              AS log_mean,
           var_samp(ln(CASE WHEN value > 0 THEN value END))         AS log_variance
    FROM metric_values
    GROUP BY experiment, host, configuration, variant, step, metric, class
),
overall AS (
    SELECT experiment, host, configuration, variant, step, metric,
           NULL::VARCHAR                                            AS run_id,
           min(first_trial)                                         AS first_trial,
           NULL::BIGINT                                             AS started,
           coalesce(sum(n) FILTER (class = 'measured'), 0)::BIGINT  AS n,
           any_value(mean) FILTER (class = 'measured')              AS mean,
           any_value(variance) FILTER (class = 'measured')          AS variance,
           any_value(quantiles) FILTER (class = 'measured')         AS quantiles,
           any_value(min) FILTER (class = 'measured')               AS min,
           any_value(max) FILTER (class = 'measured')               AS max,
           any_value(log_mean) FILTER (class = 'measured')          AS log_mean,
           any_value(log_variance) FILTER (class = 'measured')      AS log_variance,
           coalesce(sum(n) FILTER (class = 'failed'), 0)::BIGINT    AS failed,
           coalesce(sum(n) FILTER (class = 'warmup'), 0)::BIGINT    AS warmups
    FROM by_class
    GROUP BY experiment, host, configuration, variant, step, metric
),
-- each run's count and mean, when asked for
per_run AS (
    SELECT experiment, host, configuration, variant, step, 'duration' AS metric, run_id,
           min(trial_index)                                         AS first_trial,
           epoch_us(min(start_time))                                AS started,
           count(*) FILTER (class = 'measured')                     AS n,
           avg(duration_ns) FILTER (class = 'measured') / 1e9       AS mean,
           NULL::DOUBLE AS variance, NULL::DOUBLE[] AS quantiles, NULL::DOUBLE AS min,
           NULL::DOUBLE AS max, NULL::DOUBLE AS log_mean, NULL::DOUBLE AS log_variance,
           count(*) FILTER (class = 'failed')                       AS failed,
           count(*) FILTER (class = 'warmup')                       AS warmups
    FROM picked
    WHERE {{per_run}} AND list_contains({{metrics}}, 'duration')
    GROUP BY experiment, host, configuration, variant, step, run_id
    UNION ALL
    SELECT experiment, host, configuration, variant, step, metric, run_id,
           min(trial_index)                                         AS first_trial,
           epoch_us(min(start_time))                                AS started,
           count(*) FILTER (class = 'measured')                     AS n,
           avg(value) FILTER (class = 'measured')                   AS mean,
           NULL::DOUBLE AS variance, NULL::DOUBLE[] AS quantiles, NULL::DOUBLE AS min,
           NULL::DOUBLE AS max, NULL::DOUBLE AS log_mean, NULL::DOUBLE AS log_variance,
           count(*) FILTER (class = 'failed')                       AS failed,
           count(*) FILTER (class = 'warmup')                       AS warmups
    FROM metric_values
    WHERE {{per_run}}
    GROUP BY experiment, host, configuration, variant, step, metric, run_id
),
variant_factors AS (
    SELECT experiment, host, configuration, variant, any_value(factors) AS factors
    FROM scanned
    WHERE {{factored_by}}
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($3::VARCHAR IS NULL OR host = $3)
    GROUP BY experiment, host, configuration, variant
)
SELECT s.experiment, s.host, s.configuration, s.variant,
       map_keys(f.factors) AS factor_keys, map_values(f.factors) AS factor_values,
       s.run_id IS NOT NULL OR f.variant IS NOT NULL AS factored,
       s.step, s.metric, s.run_id, s.first_trial, s.started, s.n, s.mean, s.variance,
       s.quantiles[1] AS median, s.quantiles[2] AS p95, s.min, s.max, s.log_mean, s.log_variance,
       s.failed, s.warmups
FROM (SELECT * FROM overall UNION ALL SELECT * FROM per_run) s
LEFT JOIN variant_factors f ON s.run_id IS NULL
      AND s.experiment IS NOT DISTINCT FROM f.experiment AND s.host IS NOT DISTINCT FROM f.host
      AND s.configuration IS NOT DISTINCT FROM f.configuration AND s.variant IS NOT DISTINCT FROM f.variant
ORDER BY s.experiment, s.host, s.configuration, s.step, s.metric, s.run_id NULLS FIRST, s.first_trial, s.variant,
         s.started
