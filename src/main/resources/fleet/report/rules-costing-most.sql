-- The rules that cost the fleet the most time: the seconds their findings lost, summed over the
-- applications started (or, when the start is unknown, whose log changed) at or after :since_ms.
-- Portable SQL: SQLite (sparkdoc fleet DIR) and Spark SQL (the FleetJob) both run it.
SELECT f.rule AS rule,
       f.family AS family,
       COUNT(DISTINCT f.app_key) AS apps,
       COUNT(*) AS findings,
       ROUND(SUM(f.seconds_lost), 1) AS seconds_lost
FROM findings f
JOIN applications a ON a.app_key = f.app_key
WHERE COALESCE(a.start_ms, a.log_modified_ms) >= :since_ms
GROUP BY f.rule, f.family
ORDER BY seconds_lost DESC, apps DESC, rule
LIMIT 20
