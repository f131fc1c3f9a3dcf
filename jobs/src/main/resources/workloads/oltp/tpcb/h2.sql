-- oltp, mix tpcb on H2: statistics after the load. The rest is generic.sql.

-- name: analyze-tables
ANALYZE;
