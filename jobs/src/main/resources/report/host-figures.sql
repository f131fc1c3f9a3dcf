-- What the host did during the measured phases of each experiment × host × variant × step, figure by
-- figure: interval count, mean, sample variance and median over the intervals of the variant's
-- measured, non-warm-up trials (every run asked for pooled), for the mechanism line under a verdict.
-- A row with step NULL pools every step of the variant (a host log imported beside the results it
-- explains is a trial of its own, under a step of its own).
--
-- Reads the view `scanned` (every host_samples file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  the run ids to keep, comma-separated
--   $3  host
-- Figures: each key of the metrics map as recorded (cpu, memory, pressure, device and process rows;
-- per-core rows are left out), and three derived ones: cpu `busy` (1 - idle), device `iops` (reads
-- plus writes per second) and device `mb_per_s` (read plus write MiB per second).
WITH measured AS (
    SELECT experiment, host, variant, step, source, name, metrics
    FROM scanned
    WHERE phase = 'measured' AND NOT warmup AND interval_ms > 0 AND source <> 'core'
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR list_contains(string_split($2, ','), run_id))
      AND ($3::VARCHAR IS NULL OR host = $3)
),
figures AS (
    SELECT experiment, host, variant, step, source, name,
           unnest(map_keys(metrics)) AS figure, unnest(map_values(metrics)) AS value
    FROM measured
    UNION ALL
    SELECT experiment, host, variant, step, source, name, 'busy', 1 - metrics['idle']
    FROM measured WHERE source = 'cpu'
    UNION ALL
    SELECT experiment, host, variant, step, source, name, 'iops',
           metrics['reads_per_s'] + metrics['writes_per_s']
    FROM measured WHERE source = 'device'
    UNION ALL
    SELECT experiment, host, variant, step, source, name, 'mb_per_s',
           metrics['read_mb_per_s'] + metrics['write_mb_per_s']
    FROM measured WHERE source = 'device'
)
SELECT experiment, host, variant, step, source, name, figure,
       count(*) AS n, avg(value) AS mean, coalesce(var_samp(value), 0) AS variance,
       median(value) AS median
FROM figures
WHERE value IS NOT NULL AND isfinite(value)
GROUP BY GROUPING SETS ((experiment, host, variant, step, source, name, figure),
                        (experiment, host, variant, source, name, figure))
ORDER BY experiment, host, variant, step NULLS LAST, source, name, figure
