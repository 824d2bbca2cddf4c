package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The real answers of one Spark 4.0.1 driver UI ({@code spark-4.0.1-live}), by the ending of the
 * path each one answers; enough for a whole snapshot. A server in a test serves these and swaps one.
 */
public final class LiveDriverAnswers {

    /** Path ending → answer file, in a fixed order (the fuzz test picks an endpoint by its index). */
    public static final List<Map.Entry<String, String>> ENDPOINTS = List.of(
            Map.entry("/applications", "applications.json"),
            Map.entry("/jobs", "jobs.json"),
            Map.entry("/stages", "stages.json"),
            Map.entry("/allexecutors", "allexecutors.json"),
            Map.entry("/environment", "environment.json"),
            Map.entry("/sql", "sql.json"),
            Map.entry("/taskSummary", "stage_0_0_taskSummary.json"),
            Map.entry("/taskList", "stage_4_0_failed_tasks.json"));

    private LiveDriverAnswers() {
    }

    public static byte[] bytes(String file) {
        try (InputStream in = LiveDriverAnswers.class.getResourceAsStream("/spark-4.0.1-live/" + file)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
