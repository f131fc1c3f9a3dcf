-- The waits of each experiment × host × variant × step as figures for the mechanism line, in the
-- columns of host-figures.sql: per wait (wait_type:name), its share of the measured phase over the
-- variant's measured, non-warm-up trials with waits, a trial without that wait counting 0 (so a wait
-- one arm has and the other has not is compared, as 0). A row with step NULL pools every step.
--
-- Reads the view `scanned` (every waits file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  the run ids to keep, comma-separated
--   $3  host
WITH w AS (
    SELECT experiment, host, variant, step, trial_id,
           coalesce(wait_type || ':', '') || name AS wait, share
    FROM scanned
    WHERE kind = 'wait' AND phase = 'measured' AND NOT warmup AND share IS NOT NULL
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR list_contains(string_split($2, ','), run_id))
      AND ($3::VARCHAR IS NULL OR host = $3)
),
trials AS (SELECT DISTINCT experiment, host, variant, step, trial_id FROM w),
waits AS (SELECT DISTINCT experiment, host, step, wait FROM w),
filled AS (
    SELECT t.experiment, t.host, t.variant, t.step, x.wait, coalesce(w.share, 0) AS share
    FROM trials t
    JOIN waits x ON x.experiment = t.experiment AND x.host = t.host AND x.step = t.step
    LEFT JOIN w ON w.trial_id = t.trial_id AND w.step = t.step AND w.wait = x.wait
)
SELECT experiment, host, variant, step, 'wait' AS source, wait AS name, 'share' AS figure,
       count(*) AS n, avg(share) AS mean, coalesce(var_samp(share), 0) AS variance,
       median(share) AS median
FROM filled
GROUP BY GROUPING SETS ((experiment, host, variant, step, wait), (experiment, host, variant, wait))
ORDER BY experiment, host, variant, step NULLS LAST, name
