package dev.sparkdoc.source.rest;

import dev.sparkdoc.testing.RoutingDispatcher;
/** Small hand-written REST bodies in Spark's shape, for fault and polling tests. */
final class MiniSpark {

    private MiniSpark() {
    }

    /** What a driver UI lists: one attempt, no id, endTime Date(-1), lastUpdated = startTime. */
    static String liveApp(String id, String name, String start) {
        return """
                {"id": "%s", "name": "%s", "attempts": [{"startTime": "%s", "endTime": "1969-12-31T23:59:59.999GMT",
                 "lastUpdated": "%s", "duration": 1000, "sparkUser": "alice", "completed": false,
                 "appSparkVersion": "4.0.1", "startTimeEpoch": 0, "endTimeEpoch": -1, "lastUpdatedEpoch": 0}]}
                """.formatted(id, name, start, start);
    }

    static String finishedApp(String id, String name, String start, String end) {
        return """
                {"id": "%s", "name": "%s", "attempts": [{"startTime": "%s", "endTime": "%s",
                 "lastUpdated": "%s", "duration": 1000, "sparkUser": "alice", "completed": true,
                 "appSparkVersion": "3.5.1"}]}
                """.formatted(id, name, start, end, end);
    }

    /** An in-progress app on a History Server: lastUpdated is the log's modification time. */
    static String historyRunningApp(String id, String name, String start, String lastUpdated) {
        return """
                {"id": "%s", "name": "%s", "attempts": [{"startTime": "%s", "endTime": "1969-12-31T23:59:59.999GMT",
                 "lastUpdated": "%s", "duration": 1000, "sparkUser": "alice", "completed": false,
                 "appSparkVersion": "3.5.1"}]}
                """.formatted(id, name, start, lastUpdated);
    }

    static String list(String... items) {
        return "[" + String.join(",", items) + "]";
    }

    /** Serves an app with no jobs, stages or executors: enough for a snapshot. */
    static RoutingDispatcher emptyApp(RoutingDispatcher spark, String prefix, String id, String appJson) {
        String app = prefix + "/api/v1/applications/" + id;
        return spark.route(app, () -> RoutingDispatcher.json(appJson))
                .route(app + "/jobs", () -> RoutingDispatcher.json("[]"))
                .route(app + "/stages", () -> RoutingDispatcher.json("[]"))
                .route(app + "/allexecutors", () -> RoutingDispatcher.json("[]"))
                .route(app + "/environment", () -> RoutingDispatcher.json("{\"sparkProperties\": []}"))
                .route(app + "/sql", () -> RoutingDispatcher.json("[]"));
    }
}
