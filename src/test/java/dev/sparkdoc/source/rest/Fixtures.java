package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Test resources: Spark's own History Server expectations and sparkdoc's Spark 4.0.1 captures. */
final class Fixtures {

    static final String V40 = "/spark-upstream/history-server-expectations/";
    static final String V35 = "/spark-upstream/history-server-expectations-3.5/";
    static final String LIVE401 = "/spark-4.0.1-live/";

    private Fixtures() {
    }

    static String text(String resource) {
        try (InputStream in = Fixtures.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An expectation file of the Spark 4.0 set, e.g. {@code "stage_list_json"}. */
    static String expectation(String name) {
        return text(V40 + name + "_expectation.json");
    }
}
