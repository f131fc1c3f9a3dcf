-- name: which
SELECT 'h2';
