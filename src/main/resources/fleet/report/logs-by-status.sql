-- How the logs read: complete, incomplete, failed, unreadable, empty or growing, with one log of
-- each status to look at first. Portable SQL (SQLite and Spark SQL).
SELECT status,
       COUNT(*) AS logs,
       MIN(log_path) AS example_log
FROM applications
WHERE log_modified_ms >= :since_ms
GROUP BY status
ORDER BY logs DESC, status
