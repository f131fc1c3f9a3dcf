-- name: which
SELECT 'generic';
