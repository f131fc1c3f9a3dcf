-- step: create-database (setup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_tpcb' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_tpcb] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_tpcb') IS NOT NULL
    DROP DATABASE [sb_tpcb]
GO
CREATE DATABASE [sb_tpcb]
ON PRIMARY
    (NAME = N'sb_tpcb_data001', FILENAME = N'/var/opt/mssql/data/sb_tpcb_data001.mdf', SIZE = 1024MB, FILEGROWTH = 64MB)
LOG ON
    (NAME = N'sb_tpcb_log', FILENAME = N'/var/opt/mssql/data/sb_tpcb_log.ldf', SIZE = 1024MB, FILEGROWTH = 64MB)
GO
-- The seed's log was in auto-truncate mode: checkpoints truncate it, so it need not grow with the rows.
ALTER DATABASE [sb_tpcb] SET RECOVERY SIMPLE
GO
-- step: create-tables (setup)
CREATE TABLE pgbench_branches (bid INT NOT NULL, bbalance INT, filler CHAR(88))
GO
CREATE TABLE pgbench_tellers (tid INT NOT NULL, bid INT, tbalance INT, filler CHAR(84))
GO
CREATE TABLE pgbench_accounts (aid INT NOT NULL, bid INT, abalance INT, filler CHAR(84))
GO
CREATE TABLE pgbench_history (tid INT, bid INT, aid INT, delta INT, mtime DATETIME2, filler CHAR(22))
GO
-- step: load (setup)
INSERT INTO pgbench_branches (bid, bbalance) VALUES (?, 0)
GO
INSERT INTO pgbench_tellers (tid, bid, tbalance) VALUES (?, ?, 0)
GO
INSERT INTO pgbench_accounts (aid, bid, abalance, filler) VALUES (?, ?, 0, '')
GO
-- step: create-indexes (setup)
ALTER TABLE pgbench_branches ADD CONSTRAINT pgbench_branches_pkey PRIMARY KEY (bid)
GO
ALTER TABLE pgbench_tellers ADD CONSTRAINT pgbench_tellers_pkey PRIMARY KEY (tid)
GO
ALTER TABLE pgbench_accounts ADD CONSTRAINT pgbench_accounts_pkey PRIMARY KEY (aid)
GO
-- step: mark-schema (setup)
CREATE TABLE sb_oltp_schema (
    checksum VARCHAR(64) NOT NULL,
    run_id   VARCHAR(100) NOT NULL,
    built_at DATETIME2 NOT NULL,
    trials   INT NOT NULL
)
GO
INSERT INTO sb_oltp_schema (checksum, run_id, built_at, trials) VALUES (?, ?, CURRENT_TIMESTAMP, 0)
GO
UPDATE sb_oltp_schema SET trials = trials + 1
GO
-- step: run (measured)
UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?
GO
SELECT abalance FROM pgbench_accounts WHERE aid = ?
GO
UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?
GO
UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?
GO
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)
GO
-- step: check-consistency (measured)
SELECT CASE WHEN a.total = t.total AND t.total = b.total AND b.total = h.total THEN 0 ELSE 1 END
FROM (SELECT COALESCE(SUM(CAST(abalance AS BIGINT)), 0) AS total FROM pgbench_accounts) a,
     (SELECT COALESCE(SUM(CAST(tbalance AS BIGINT)), 0) AS total FROM pgbench_tellers) t,
     (SELECT COALESCE(SUM(CAST(bbalance AS BIGINT)), 0) AS total FROM pgbench_branches) b,
     (SELECT COALESCE(SUM(CAST(delta AS BIGINT)), 0) AS total FROM pgbench_history) h
GO
-- step: drop-database (cleanup)
-- Ends other sessions in the database; a database still RESTORING (a failed restore) cannot be altered,
-- only dropped.
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'sb_tpcb' AND state_desc = N'ONLINE')
    ALTER DATABASE [sb_tpcb] SET SINGLE_USER WITH ROLLBACK IMMEDIATE
GO
IF DB_ID(N'sb_tpcb') IS NOT NULL
    DROP DATABASE [sb_tpcb]
GO
