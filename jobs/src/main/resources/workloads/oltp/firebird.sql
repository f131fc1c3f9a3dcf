-- oltp on Firebird: a database file of its own under the target's database-root, made with Jaybird
-- (page size 8 KiB) and dropped with Jaybird's manager; the statements of the other products are enough.
-- Firebird 3 has no setting that bounds connections.

-- name: database-bytes
SELECT MON$PAGES * MON$PAGE_SIZE FROM MON$DATABASE;
