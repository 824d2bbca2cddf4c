-- The top findings of each regression's latest run (rank 5 and above) whose rule no earlier run
-- of that name had: what changed. Parameters as regressions.sql.
WITH runs AS (
    SELECT name, app_key, start_ms, wall_ms,
           ROW_NUMBER() OVER (PARTITION BY name ORDER BY start_ms DESC, app_key DESC) AS recency
    FROM applications
    WHERE name IS NOT NULL AND wall_ms IS NOT NULL AND start_ms IS NOT NULL
      AND status IN ('complete', 'failed')
),
latest AS (
    SELECT name, app_key, start_ms, wall_ms FROM runs WHERE recency = 1 AND start_ms >= :since_ms
),
earlier AS (
    SELECT name, wall_ms,
           ROW_NUMBER() OVER (PARTITION BY name ORDER BY wall_ms, app_key) AS pos,
           COUNT(*) OVER (PARTITION BY name) AS n
    FROM runs WHERE recency > 1
),
medians AS (
    -- the median of the earlier runs: the middle one, or the mean of the middle two (CAST truncates
    -- in both engines: Spark divides integers into decimals, SQLite into integers)
    SELECT name, AVG(wall_ms) AS median_ms, MAX(n) AS earlier_runs
    FROM earlier
    WHERE pos IN (CAST((n + 1) / 2 AS INTEGER), CAST((n + 2) / 2 AS INTEGER))
    GROUP BY name
),
regressed AS (
    SELECT l.name AS name, l.app_key AS app_key, l.start_ms AS start_ms, l.wall_ms AS wall_ms,
           m.median_ms AS median_ms, m.earlier_runs AS earlier_runs
    FROM latest l
    JOIN medians m ON m.name = l.name
    WHERE l.wall_ms >= :slower_ratio * m.median_ms AND l.wall_ms - m.median_ms >= :slower_ms
)
SELECT r.name AS name, r.app_key AS app_key, f.rank AS rank, f.rule AS rule, f.severity AS severity,
       f.title AS title, f.seconds_lost AS seconds_lost
FROM regressed r
JOIN findings f ON f.app_key = r.app_key
WHERE f.rank <= 5
  AND NOT EXISTS (
      SELECT 1 FROM runs e JOIN findings g ON g.app_key = e.app_key
      WHERE e.name = r.name AND e.recency > 1 AND g.rule = f.rule)
ORDER BY name, rank
