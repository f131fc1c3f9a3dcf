-- ThroughputSample time series per experiment × variant × step, averaged over the variant's measured
-- trials interval by interval (the k-th interval of every trial together), for the HTML report's charts.
--
-- Reads the view `scanned` (every throughput_samples file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- second: end of the k-th interval since the measured step began, averaged over the trials (each
-- trial's own clock, not k times the mean interval); intervals of 0 ms carry no rate and are left out. tpm and nopm: committed transactions
-- and new-orders per minute; latency_p95_ms: the intervals' 95th percentiles, averaged.
WITH samples AS (
    SELECT experiment, variant, step, interval_ms, tpm, nopm, latency_p95_ms,
           row_number() OVER (PARTITION BY experiment, trial_id, step ORDER BY interval_start) AS k,
           epoch_ms(interval_start) + interval_ms
               - min(epoch_ms(interval_start)) OVER (PARTITION BY experiment, trial_id, step) AS end_ms
    FROM scanned
    WHERE NOT warmup AND interval_ms > 0
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
)
SELECT experiment, variant, step, k,
       avg(end_ms) / 1e3          AS second,
       avg(tpm)                   AS tpm,
       avg(nopm)                  AS nopm,
       avg(latency_p95_ms)        AS latency_p95_ms
FROM samples
GROUP BY experiment, variant, step, k
ORDER BY experiment, variant, step, k
