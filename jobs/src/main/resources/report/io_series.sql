-- IoSample time series per experiment × file × variant, averaged over the variant's measured trials
-- interval by interval (the k-th interval of every trial together), for the HTML report's charts.
--
-- Reads the view `scanned` (every io_samples file, made by Tables). Parameters (NULL means "any"):
--   $1  experiment
--   $2  run_id
--   $3  host
-- second: end of the k-th interval since the trial's first sample, averaged over the trials (each
-- trial's own clock: not k times the mean interval, which a last interval of 0 ms, taken as the step
-- ended, pulled back to 0 s); intervals of 0 ms carry no rate and are left out. Latency in ms per IO: total is
-- queued (waiting for a cap) + device time, or the sampled median when the sampler gives no times;
-- device is the device time alone (NULL when not sampled). cap_iops: the modelled cap, if any.
WITH samples AS (
    SELECT experiment, file, variant, interval_ms, iops, reads + writes AS ios,
           coalesce(queued_ms, 0) AS queued_ms, coalesce(device_ms, 0) AS device_ms,
           latency_p50_us, cap_iops,
           row_number() OVER (PARTITION BY experiment, trial_id, step, file ORDER BY interval_start) AS k,
           epoch_ms(interval_start) + interval_ms
               - min(epoch_ms(interval_start)) OVER (PARTITION BY experiment, trial_id, step, file) AS end_ms
    FROM scanned
    WHERE NOT warmup AND interval_ms > 0
      AND ($1::VARCHAR IS NULL OR experiment = $1)
      AND ($2::VARCHAR IS NULL OR run_id = $2)
      AND ($3::VARCHAR IS NULL OR host = $3)
)
SELECT experiment, file, variant, k,
       avg(end_ms) / 1e3                                                    AS second,
       avg(iops)                                                            AS iops,
       coalesce(nullif(sum(queued_ms + device_ms), 0) / nullif(sum(ios), 0),
                avg(latency_p50_us) / 1e3)                                  AS total_ms,
       nullif(sum(device_ms), 0) / nullif(sum(ios), 0)                      AS device_ms,
       max(cap_iops)                                                        AS cap_iops
FROM samples
GROUP BY experiment, file, variant, k
ORDER BY experiment, file, variant, k
