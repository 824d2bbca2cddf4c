package dev.sparkdoc.source.rest;

import dev.sparkdoc.testing.RoutingDispatcher;

/** Test resources: Spark's own History Server expectations and sparkdoc's Spark 4.0.1 captures. */
final class Fixtures {

    static final String V40 = "/spark-upstream/history-server-expectations/";
    static final String V35 = "/spark-upstream/history-server-expectations-3.5/";
    static final String LIVE401 = "/spark-4.0.1-live/";

    private Fixtures() {
    }

    static String text(String resource) {
        return RoutingDispatcher.resourceText(resource);
    }

    /** An expectation file of the Spark 4.0 set, e.g. {@code "stage_list_json"}. */
    static String expectation(String name) {
        return text(V40 + name + "_expectation.json");
    }
}
