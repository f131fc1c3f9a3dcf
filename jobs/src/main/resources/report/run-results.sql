-- Each run's measured trials per variant and step: how many, the mean duration and its standard
-- deviation (seconds), for the dashboard's fleet view (each host's result of a fleet firing).
--
-- Reads the view `scanned` (every trials file, made by Tables). Parameters:
--   $1  the run ids to read, comma-separated
SELECT run_id, host, variant, step,
       count(*)                                AS n,
       avg(duration_ns) / 1e9                  AS mean_s,
       stddev_samp(duration_ns) / 1e9          AS sd_s
FROM scanned
WHERE phase = 'measured' AND NOT warmup AND outcome = 'OK'
  AND list_contains(string_split($1, ','), run_id)
GROUP BY run_id, host, variant, step
ORDER BY run_id, step, variant
