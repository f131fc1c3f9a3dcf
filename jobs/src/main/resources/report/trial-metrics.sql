-- The names of the metrics that measured trials hold in their metrics map, beside the duration that
-- every trial has: what `compare` and `trend` name when the metric they were asked for is not among
-- them.
--
-- Reads the view `scanned` (every trials file, made by Tables). Only measured steps of measured
-- trials count, as `compare` and `trend` read them (trial-values.sql). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run id
--   $3  host
SELECT DISTINCT unnest(map_keys(metrics)) AS metric
FROM scanned
WHERE coalesce(phase, 'measured') = 'measured'
  AND NOT warmup AND outcome = 'OK'
  AND ($1::VARCHAR IS NULL OR experiment = $1)
  AND ($2::VARCHAR IS NULL OR run_id = $2)
  AND ($3::VARCHAR IS NULL OR host = $3)
ORDER BY metric
