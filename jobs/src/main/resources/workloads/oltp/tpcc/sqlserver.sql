-- oltp, mix tpcc on SQL Server: DATETIME2 where the tables keep a time (TIMESTAMP is a row version in
-- T-SQL). The rest is generic.sql; the golden files under jobs/src/test/resources/golden/sqlserver/ hold
-- every statement a trial runs.

-- type: timestamp DATETIME2
