-- What storagebench does to a Firebird database it made, before dropping it (FirebirdServer).

-- name: disconnect-others
-- Whoever is still attached to it (an interrupted trial's connection, a killed gbak's): Firebird
-- cannot drop a database in use, and deleting from MON$ATTACHMENTS ends those attachments.
DELETE FROM MON$ATTACHMENTS WHERE MON$ATTACHMENT_ID <> CURRENT_CONNECTION;
