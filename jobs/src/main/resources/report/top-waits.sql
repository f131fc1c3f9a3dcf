-- The top waits of each variant's measured phases, for the text report: per experiment, host, variant
-- and database product, the five waits (kind 'wait' of the waits table) with the largest mean share
-- over the variant's measured trials (a trial without the wait counts as 0).
--
-- Reads the view `scanned` (every waits file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- share: of the sampled session time (PostgreSQL) or of the wait time (SQL Server), 0-1; wait_ms: the
-- mean time in the wait per trial; trials: the variant's trials with waits read.
WITH waits AS (
    SELECT experiment, host, variant, product, trial_id, wait_type, name, share, wait_ms
    FROM scanned
    WHERE kind = 'wait' AND NOT warmup
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
),
trials AS (
    SELECT experiment, host, variant, product, count(DISTINCT trial_id) AS trials
    FROM waits GROUP BY ALL
),
means AS (
    SELECT w.experiment, w.host, w.variant, w.product, w.wait_type, w.name, t.trials,
           coalesce(sum(w.share), 0) / t.trials  AS share,
           coalesce(sum(w.wait_ms), 0) / t.trials AS wait_ms
    FROM waits w JOIN trials t USING (experiment, host, variant, product)
    GROUP BY w.experiment, w.host, w.variant, w.product, w.wait_type, w.name, t.trials
)
SELECT experiment, host, variant, product, wait_type, name, trials, share, wait_ms,
       row_number() OVER (PARTITION BY experiment, host, variant, product
                          ORDER BY share DESC, wait_ms DESC, wait_type, name) AS rank
FROM means
QUALIFY rank <= 5
ORDER BY experiment, host, variant, product, rank
