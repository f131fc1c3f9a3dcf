-- oltp, mix tpcc on PostgreSQL: statistics and the visibility map after the load. The rest is generic.sql.

-- name: analyze-tables
VACUUM ANALYZE;
