-- New failures: names whose latest run failed while an earlier run completed. Parameters: :since_ms
-- (the failed run started since).
WITH runs AS (
    SELECT name, app_key, status, start_ms,
           ROW_NUMBER() OVER (PARTITION BY name ORDER BY start_ms DESC, app_key DESC) AS recency
    FROM applications
    WHERE name IS NOT NULL AND start_ms IS NOT NULL
)
SELECT l.name AS name, l.app_key AS app_key, l.start_ms AS start_ms, f.rule AS rule, f.title AS title
FROM runs l
LEFT JOIN findings f ON f.app_key = l.app_key AND f.rank = 1
WHERE l.recency = 1 AND l.status = 'failed' AND l.start_ms >= :since_ms
  AND EXISTS (SELECT 1 FROM runs e WHERE e.name = l.name AND e.recency > 1 AND e.status = 'complete')
ORDER BY l.start_ms DESC, name
LIMIT 50
