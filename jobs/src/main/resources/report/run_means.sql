-- Each variant's mean per run, for trend lines: one row per experiment × host × variant × step × run,
-- in the order the runs started. Only measured steps of measured trials (as in summary.sql).
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- Durations in seconds; started is the run's first trial, in microseconds since the epoch (UTC).
SELECT experiment, host, variant, step, run_id,
       epoch_us(min(start_time)) AS started,
       count(*)                  AS n,
       avg(duration_ns) / 1e9    AS mean
FROM scanned
WHERE coalesce(phase, 'measured') = 'measured'
  AND NOT warmup AND outcome = 'OK'
  AND ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
GROUP BY experiment, host, variant, step, run_id
ORDER BY experiment, host, step, started, variant
