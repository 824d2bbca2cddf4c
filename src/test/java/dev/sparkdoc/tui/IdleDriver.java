package dev.sparkdoc.tui;

import mockwebserver3.MockResponse;

/**
 * What a live driver with one running application and nothing else answers, for the attach
 * tests that put their own faults or delays in front of it.
 */
final class IdleDriver {

    static final String ID = "app-20261129132900-0001";
    static final String APP = """
            {"id": "%s", "name": "nightly-etl", "attempts": [{"startTime": "2026-11-29T13:29:00.000GMT",
             "endTime": "1969-12-31T23:59:59.999GMT", "lastUpdated": "2026-11-29T13:29:00.000GMT", "duration": 1000,
             "sparkUser": "alice", "completed": false, "appSparkVersion": "4.0.1"}]}""".formatted(ID);

    /**
     * The driver's clock, two minutes after the application started: every answer carries it as
     * its {@code Date} header, so the header's uptime is the same on any day the tests run.
     */
    static final String DATE = "Sun, 29 Nov 2026 13:31:00 GMT";

    private IdleDriver() {
    }

    static MockResponse answer(String path) {
        String app = "/api/v1/applications/" + ID;
        if (path.matches(".*/(jobs|stages)/\\d+(/\\d+)?")) {
            // as Spark answers for a job or stage it does not know ("unknown job: 3")
            return new MockResponse.Builder().code(404).body("unknown id").build();
        }
        String body = path.equals("/api/v1/applications") ? "[" + APP + "]"
                : path.equals(app) ? APP
                : path.equals(app + "/environment") ? "{\"sparkProperties\": []}"
                : "[]";
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").setHeader("Date", DATE)
                .body(body).build();
    }
}
