package dev.sparkdoc.source.rest;

import static dev.sparkdoc.testing.RoutingDispatcher.query;

import dev.sparkdoc.testing.RoutingDispatcher;

/** Test resources: Spark's own History Server expectations and sparkdoc's Spark 4.0.1 captures. */
final class Fixtures {

    static final String V40 = "/spark-upstream/history-server-expectations/";
    static final String V35 = "/spark-upstream/history-server-expectations-3.5/";
    static final String LIVE401 = "/spark-4.0.1-live/";
    /** The application of the Spark 4.0.1 capture ({@link #LIVE401}): a finished AQE query with two failed stages. */
    static final String LIVE401_APP = "applications/local-1795966616509/";

    private Fixtures() {
    }

    static String text(String resource) {
        return RoutingDispatcher.resourceText(resource);
    }

    /** Serves the Spark 4.0.1 capture: the application, its jobs, stages, executors, environment, SQL and task reads. */
    static RoutingDispatcher live401(RoutingDispatcher routes) {
        String apps = text(LIVE401 + "applications.json");
        String app = apps.strip().substring(1, apps.strip().length() - 1);
        return routes.resource("applications", LIVE401 + "applications.json")
                .route("/api/v1/" + LIVE401_APP.substring(0, LIVE401_APP.length() - 1), () -> RoutingDispatcher.json(app))
                .resource(LIVE401_APP + "jobs", LIVE401 + "jobs.json")
                .resource(LIVE401_APP + "stages", LIVE401 + "stages.json")
                .resource(LIVE401_APP + "allexecutors", LIVE401 + "allexecutors.json")
                .resource(LIVE401_APP + "environment", LIVE401 + "environment.json")
                .resource(LIVE401_APP + "sql", query("offset", "0"), LIVE401 + "sql.json")
                .resource(LIVE401_APP + "stages/0/0/taskSummary", LIVE401 + "stage_0_0_taskSummary.json")
                .resource(LIVE401_APP + "stages/4/0/taskList", query("status", "failed"), LIVE401 + "stage_4_0_failed_tasks.json")
                .resource(LIVE401_APP + "stages/5/0/taskList", query("status", "failed"), LIVE401 + "stage_5_0_failed_tasks.json");
    }

    /** An expectation file of the Spark 4.0 set, e.g. {@code "stage_list_json"}. */
    static String expectation(String name) {
        return text(V40 + name + "_expectation.json");
    }
}
