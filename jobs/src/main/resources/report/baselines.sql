-- The config text of each experiment's latest run, for the baseline and the description it declares
-- (`baseline: {init: zero}`); imported runs carry a description instead, which declares none.
--
-- Reads the view `scanned` (every runs file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
SELECT experiment, config_text
FROM scanned
WHERE ($1::VARCHAR IS NULL OR experiment = $1)
QUALIFY row_number() OVER (PARTITION BY experiment ORDER BY start_time DESC, attempt DESC) = 1
