package dev.sparkdoc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The events of a real Spark log the generator copies, one per event type. */
final class Templates {

    static final int TASK_ACCUMULABLES = 30;

    private Templates() {
    }

    /**
     * The first event of each type; for TaskEnd the one with about {@value #TASK_ACCUMULABLES}
     * accumulables (a ~6 KB line, typical of SQL stages); "Stage Info" the richest StageCompleted's.
     */
    static Map<String, ObjectNode> load(Path log) throws IOException {
        Map<String, ObjectNode> out = new HashMap<>();
        for (String l : Files.readAllLines(log)) {
            ObjectNode e = (ObjectNode) EventLogGenerator.JSON.readTree(l);
            String type = e.path("Event").asText();
            if (type.equals("SparkListenerTaskEnd")) {
                ObjectNode old = out.get(type);
                if (old == null || Math.abs(accumulables(e.path("Task Info")) - TASK_ACCUMULABLES)
                        < Math.abs(accumulables(old.path("Task Info")) - TASK_ACCUMULABLES)) {
                    out.put(type, e);
                }
            } else if (type.equals("SparkListenerStageCompleted")) {
                ObjectNode old = out.get("Stage Info");
                if (old == null || accumulables(e.path("Stage Info")) > accumulables(old)) {
                    out.put("Stage Info", (ObjectNode) e.get("Stage Info"));
                }
            } else {
                out.putIfAbsent(type, e);
            }
        }
        return out;
    }

    private static int accumulables(JsonNode info) {
        return info.path("Accumulables").size();
    }

    /** Plan nodes' metrics get the execution's own accumulator ids, as in a real application. */
    static void shiftAccumulatorIds(JsonNode plan, long offset) {
        if (plan == null) {
            return;
        }
        for (JsonNode metric : plan.path("metrics")) {
            ((ObjectNode) metric).put("accumulatorId", metric.path("accumulatorId").asLong() + offset);
        }
        for (JsonNode child : plan.path("children")) {
            shiftAccumulatorIds(child, offset);
        }
    }
}
