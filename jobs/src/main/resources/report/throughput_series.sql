-- ThroughputSample time series per experiment × variant × step, averaged over the variant's measured
-- trials interval by interval (the k-th interval of every trial together), for the HTML report's charts.
--
-- Reads the view `scanned` (every throughput_samples file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- second: end of the k-th interval since the measured step began. tpm and nopm: committed transactions
-- and new-orders per minute; latency_p95_ms: the intervals' 95th percentiles, averaged.
WITH samples AS (
    SELECT experiment, variant, step, interval_ms, tpm, nopm, latency_p95_ms,
           row_number() OVER (PARTITION BY experiment, trial_id, step ORDER BY interval_start) AS k
    FROM scanned
    WHERE NOT warmup
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
)
SELECT experiment, variant, step, k,
       k * avg(interval_ms) / 1e3 AS second,
       avg(tpm)                   AS tpm,
       avg(nopm)                  AS nopm,
       avg(latency_p95_ms)        AS latency_p95_ms
FROM samples
GROUP BY experiment, variant, step, k
ORDER BY experiment, variant, step, k
