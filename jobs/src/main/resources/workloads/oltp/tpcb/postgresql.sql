-- oltp, mix tpcb on PostgreSQL: pgbench's own table options (fillfactor 100), and statistics after the
-- load. The rest is generic.sql.

-- name: create-branches
CREATE TABLE pgbench_branches (bid INT NOT NULL, bbalance INT, filler CHAR(88)) WITH (fillfactor = 100);

-- name: create-tellers
CREATE TABLE pgbench_tellers (tid INT NOT NULL, bid INT, tbalance INT, filler CHAR(84)) WITH (fillfactor = 100);

-- name: create-accounts
CREATE TABLE pgbench_accounts (aid INT NOT NULL, bid INT, abalance INT, filler CHAR(84)) WITH (fillfactor = 100);

-- name: analyze-tables
VACUUM ANALYZE;
