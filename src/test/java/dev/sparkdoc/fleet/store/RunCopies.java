package dev.sparkdoc.fleet.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Another run of a real application: a copy of its plain event log under a new app id and name,
 * every timestamp moved by the same shift, and optionally its end later (a slower run).
 */
final class RunCopies {

    private static final Set<String> TIMES = Set.of("Timestamp", "Submission Time", "Completion Time", "Launch Time",
            "Finish Time", "Getting Result Time", "time");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunCopies() {
    }

    /** @return the start of the copy (epoch ms), which is also its app id's number */
    static long copy(Path plainLog, Path folder, String name, long shiftMs, long laterEndMs) throws IOException {
        long start = -1;
        String appId = null;
        StringBuilder out = new StringBuilder();
        try (BufferedReader in = Files.newBufferedReader(plainLog, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                JsonNode event = MAPPER.readTree(line);
                shift(event, shiftMs);
                String kind = event.path("Event").asText();
                if (kind.equals("SparkListenerApplicationStart")) {
                    start = event.path("Timestamp").asLong();
                    appId = "local-" + start;
                    ((ObjectNode) event).put("App ID", appId).put("App Name", name);
                } else if (kind.equals("SparkListenerApplicationEnd")) {
                    ((ObjectNode) event).put("Timestamp", event.path("Timestamp").asLong() + laterEndMs);
                }
                out.append(MAPPER.writeValueAsString(event)).append('\n');
            }
        }
        try (BufferedWriter w = Files.newBufferedWriter(folder.resolve(appId), StandardCharsets.UTF_8)) {
            w.write(out.toString());
        }
        return start;
    }

    private static void shift(JsonNode node, long shiftMs) {
        if (node instanceof ObjectNode o) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (TIMES.contains(f.getKey()) && f.getValue().isNumber() && f.getValue().asLong() > 1_000_000_000_000L) {
                    f.setValue(MAPPER.getNodeFactory().numberNode(f.getValue().asLong() + shiftMs));
                } else {
                    shift(f.getValue(), shiftMs);
                }
            }
        } else if (node.isArray()) {
            node.forEach(child -> shift(child, shiftMs));
        }
    }
}
