-- Applications (by name) whose top finding is the same rule run after run: at least two runs of
-- the period with it as their verdict. Parameters: :since_ms.
WITH runs AS (
    SELECT name, app_key
    FROM applications
    WHERE name IS NOT NULL AND COALESCE(start_ms, log_modified_ms) >= :since_ms
),
totals AS (
    SELECT name, COUNT(*) AS runs FROM runs GROUP BY name
),
tops AS (
    SELECT r.name AS name, f.rule AS rule, f.title AS title, f.seconds_lost AS seconds_lost
    FROM runs r
    JOIN findings f ON f.app_key = r.app_key AND f.rank = 1
)
SELECT t.name AS name,
       t.rule AS rule,
       MAX(t.title) AS title,
       COUNT(*) AS runs_with_it,
       MAX(tot.runs) AS runs,
       SUM(COALESCE(t.seconds_lost, 0)) AS seconds_lost
FROM tops t
JOIN totals tot ON tot.name = t.name
GROUP BY t.name, t.rule
HAVING COUNT(*) >= 2
ORDER BY seconds_lost DESC, runs_with_it DESC, name, rule
LIMIT 50
