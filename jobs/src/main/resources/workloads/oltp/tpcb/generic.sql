-- oltp, mix tpcb: pgbench's TPC-B-like transaction on pgbench's four tables, in standard SQL, so that
-- storagebench's driver can be compared with pgbench itself (pgbench runs on the tables loaded here). A
-- product's own file names only the statements that differ. Values are bound (?).
--
-- Set-up runs every create-* statement in file order, loads the rows with the load-* statements (scale ×
-- 1 branch, 10 tellers, 100,000 accounts; balances 0), then every index-* and analyze-* statement.

-- name: create-branches
CREATE TABLE pgbench_branches (bid INT NOT NULL, bbalance INT, filler CHAR(88));

-- name: create-tellers
CREATE TABLE pgbench_tellers (tid INT NOT NULL, bid INT, tbalance INT, filler CHAR(84));

-- name: create-accounts
CREATE TABLE pgbench_accounts (aid INT NOT NULL, bid INT, abalance INT, filler CHAR(84));

-- name: create-history
CREATE TABLE pgbench_history (tid INT, bid INT, aid INT, delta INT, mtime TIMESTAMP, filler CHAR(22));

-- name: load-branches
INSERT INTO pgbench_branches (bid, bbalance) VALUES (?, 0);

-- name: load-tellers
INSERT INTO pgbench_tellers (tid, bid, tbalance) VALUES (?, ?, 0);

-- name: load-accounts
INSERT INTO pgbench_accounts (aid, bid, abalance, filler) VALUES (?, ?, 0, '');

-- name: index-branches
ALTER TABLE pgbench_branches ADD CONSTRAINT pgbench_branches_pkey PRIMARY KEY (bid);

-- name: index-tellers
ALTER TABLE pgbench_tellers ADD CONSTRAINT pgbench_tellers_pkey PRIMARY KEY (tid);

-- name: index-accounts
ALTER TABLE pgbench_accounts ADD CONSTRAINT pgbench_accounts_pkey PRIMARY KEY (aid);

-- The transaction, statement for statement pgbench's built-in tpcb-like script.

-- name: update-account
UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?;

-- name: select-account
SELECT abalance FROM pgbench_accounts WHERE aid = ?;

-- name: update-teller
UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?;

-- name: update-branch
UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?;

-- name: insert-history
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP);

-- Consistency after each trial (TPC-B 2.2): the balances of accounts, tellers and branches and the
-- history's deltas all sum to the same; 1 when they do not, 0 when they do.

-- name: consistency-balances
SELECT CASE WHEN a.total = t.total AND t.total = b.total AND b.total = h.total THEN 0 ELSE 1 END
FROM (SELECT COALESCE(SUM(CAST(abalance AS BIGINT)), 0) AS total FROM pgbench_accounts) a,
     (SELECT COALESCE(SUM(CAST(tbalance AS BIGINT)), 0) AS total FROM pgbench_tellers) t,
     (SELECT COALESCE(SUM(CAST(bbalance AS BIGINT)), 0) AS total FROM pgbench_branches) b,
     (SELECT COALESCE(SUM(CAST(delta AS BIGINT)), 0) AS total FROM pgbench_history) h;
