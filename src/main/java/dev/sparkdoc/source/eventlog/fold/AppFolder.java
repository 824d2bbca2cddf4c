package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.redact.Redaction;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Application identity, lifetime and environment: LogStart, ApplicationStart/End, EnvironmentUpdate. */
final class AppFolder {

    String sparkVersion;
    String appId;
    String appName;
    String user;
    String attemptId;
    long startTime = -1;
    long endTime = -1;
    boolean ended;
    Environment environment = Environment.EMPTY;
    /** spark.task.cpus, for executors' task slots. */
    int taskCpus = 1;

    boolean onEvent(String type, JsonNode e) {
        switch (type) {
            case "SparkListenerLogStart" -> sparkVersion = text(e, "Spark Version");
            // Databricks writes this first in each rolled piece; its version stands in when there is no LogStart
            case "DBCEventLoggingListenerMetadata" -> {
                String version = text(e, "Spark Version");
                if (sparkVersion == null && version != null && !version.isBlank()) {
                    sparkVersion = version;
                }
            }
            case "SparkListenerApplicationStart" -> {
                appName = text(e, "App Name");
                appId = text(e, "App ID");
                user = text(e, "User");
                attemptId = text(e, "App Attempt ID");
                startTime = e.path("Timestamp").asLong(-1);
            }
            case "SparkListenerApplicationEnd" -> {
                endTime = e.path("Timestamp").asLong(-1);
                ended = true;
            }
            case "SparkListenerEnvironmentUpdate" -> environment(e);
            default -> {
                return false;
            }
        }
        return true;
    }

    private void environment(JsonNode e) {
        JsonNode jvm = e.path("JVM Information");
        Map<String, String> spark = Redaction.properties(properties(e.path("Spark Properties")));
        Map<String, String> system = Redaction.properties(properties(e.path("System Properties")));
        environment = new Environment(Optional.ofNullable(text(jvm, "Java Version")),
                Optional.ofNullable(text(jvm, "Scala Version")), spark, system);
        try {
            taskCpus = Math.max(1, Integer.parseInt(spark.getOrDefault("spark.task.cpus", "1").trim()));
        } catch (NumberFormatException ignored) {
            taskCpus = 1;
        }
    }

    /** Spark writes property maps as objects; some old writers used [[key, value], …] pairs. */
    static Map<String, String> properties(JsonNode node) {
        Map<String, String> out = new LinkedHashMap<>();
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> out.put(f.getKey(), f.getValue().asText()));
        } else if (node.isArray()) {
            for (JsonNode pair : node) {
                if (pair.isArray() && pair.size() == 2) {
                    out.put(pair.get(0).asText(), pair.get(1).asText());
                }
            }
        }
        return out;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
