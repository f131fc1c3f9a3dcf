-- oltp, mix tpcb on SQL Server: DATETIME2 for the history's time (TIMESTAMP is a row version in T-SQL).
-- The rest is generic.sql.

-- name: create-history
CREATE TABLE pgbench_history (tid INT, bid INT, aid INT, delta INT, mtime DATETIME2, filler CHAR(22));
