-- What the host did over the measured steps, per experiment × variant × figure × interval, averaged
-- over the variant's measured trials interval by interval (the k-th interval of every trial
-- together), for the HTML report's host panel: CPU utilisation (1 - idle) and frequency (MHz) of all
-- CPUs, and each device's IOPS (reads plus writes per second) and utilisation (0-1).
--
-- Reads the view `scanned` (every host_samples file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- second: end of the k-th interval since the first measured interval of the trial's step, averaged
-- over the trials.
WITH measured AS (
    SELECT experiment, variant, trial_id, step, source, name, interval_start, interval_ms,
           CASE WHEN source = 'cpu' THEN 1 - metrics['idle'] END                      AS busy,
           CASE WHEN source = 'cpu' THEN metrics['freq_mhz'] END                      AS freq_mhz,
           CASE WHEN source = 'device'
                THEN metrics['reads_per_s'] + metrics['writes_per_s'] END             AS iops,
           CASE WHEN source = 'device' THEN metrics['util'] END                       AS util
    FROM scanned
    WHERE phase = 'measured' AND NOT warmup AND interval_ms > 0 AND source IN ('cpu', 'device')
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
),
numbered AS (
    SELECT *,
           row_number() OVER (PARTITION BY experiment, trial_id, step, source, name
                              ORDER BY interval_start) AS k,
           epoch_ms(interval_start) + interval_ms
               - min(epoch_ms(interval_start)) OVER (PARTITION BY experiment, trial_id, step)
               AS end_ms
    FROM measured
),
figures AS (
    SELECT experiment, variant, source, name, k, end_ms, 'busy' AS figure, busy AS value
    FROM numbered WHERE source = 'cpu'
    UNION ALL
    SELECT experiment, variant, source, name, k, end_ms, 'freq_mhz', freq_mhz
    FROM numbered WHERE source = 'cpu'
    UNION ALL
    SELECT experiment, variant, source, name, k, end_ms, 'iops', iops
    FROM numbered WHERE source = 'device'
    UNION ALL
    SELECT experiment, variant, source, name, k, end_ms, 'util', util
    FROM numbered WHERE source = 'device'
)
SELECT experiment, variant, source, name, figure, k,
       avg(end_ms) / 1e3 AS second,
       avg(value)        AS value
FROM figures
WHERE value IS NOT NULL AND isfinite(value)
GROUP BY experiment, variant, source, name, figure, k
ORDER BY experiment, source, name, figure, variant, k
