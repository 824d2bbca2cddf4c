-- The rules costing most in the period: seconds lost summed over every finding of the rule.
-- Parameters: :since_ms (epoch ms; runs that started, or whose log changed, from then on).
SELECT f.rule AS rule,
       f.family AS family,
       COUNT(*) AS findings,
       COUNT(DISTINCT a.name) AS applications,
       SUM(CASE WHEN f.severity = 'critical' THEN 1 ELSE 0 END) AS critical,
       SUM(COALESCE(f.seconds_lost, 0)) AS seconds_lost
FROM findings f
JOIN applications a ON a.app_key = f.app_key
WHERE COALESCE(a.start_ms, a.log_modified_ms) >= :since_ms
GROUP BY f.rule, f.family
ORDER BY seconds_lost DESC, findings DESC, rule
LIMIT 20
