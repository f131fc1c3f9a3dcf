-- oltp on PostgreSQL: a database of its own, made on the target's server by the target's role (CREATEDB),
-- dropped with the sessions still in it (targets/admin, PgDatabases). {database} is a quoted identifier.

-- name: create-database
CREATE DATABASE {database} TEMPLATE template0;

-- name: connection-limit
-- The setting that bounds the virtual users, the connections it allows this role, and those other
-- sessions hold now (this one left out). Superusers may use the reserved connections too.
SELECT 'max_connections',
       current_setting('max_connections')::int
         - CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 0
                ELSE current_setting('superuser_reserved_connections')::int END,
       (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend') - 1;

-- name: database-bytes
SELECT pg_database_size(current_database());
