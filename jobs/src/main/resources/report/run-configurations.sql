-- Each run's fixed configuration: the fingerprint and values its RunStarted recorded (since v4), else
-- its config text, from which the reader derives them. The first attempt's row: a restart runs the
-- config it stored at the first start.
--
-- Reads the view `run_rows` (every runs file, made by Tables).
SELECT run_id, experiment, configuration, map_keys(configuration_values) AS value_keys,
       map_values(configuration_values) AS value_values, config_text, config_sha256
FROM run_rows
QUALIFY row_number() OVER (PARTITION BY run_id ORDER BY attempt, start_time) = 1
