-- name: which
SELECT 'generic';

-- name: shared
SELECT 'shared';
