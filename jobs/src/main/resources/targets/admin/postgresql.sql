-- What storagebench asks a PostgreSQL server about the target's role before a run.

-- name: superuser
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;

-- name: may-create-databases
SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user;

-- name: drop-database
-- A database a workload made on the server (PgDatabases), with the sessions still attached to it.
DROP DATABASE IF EXISTS {database} WITH (FORCE);
