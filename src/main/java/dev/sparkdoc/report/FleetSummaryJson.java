package dev.sparkdoc.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.fleet.store.FleetReports;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code sparkdoc fleet report --json}: each report's rows under its name, the columns as the
 * SQL names them (docs/fleet.md); each regression carries its new findings.
 */
public final class FleetSummaryJson {

    public static final int SCHEMA_VERSION = 1;

    private FleetSummaryJson() {
    }

    public static String render(FleetReports.Result r, String store, String toolVersion) throws IOException {
        var mapper = Json.mapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.putObject("tool").put("name", "sparkdoc").put("version", toolVersion);
        root.put("store", store).put("since", Instant.ofEpochMilli(r.sinceMs()).toString()).put("applications", r.applications());
        root.set("costlyRules", mapper.valueToTree(r.of("costly-rules")));
        root.set("recurring", mapper.valueToTree(r.of("recurring")));
        ArrayNode regressions = root.putArray("regressions");
        for (Map<String, Object> row : r.of("regressions")) {
            ObjectNode o = mapper.valueToTree(row);
            List<Map<String, Object>> mine = r.of("regression-findings").stream()
                    .filter(f -> row.get("app_key").equals(f.get("app_key"))).toList();
            o.set("new_findings", mapper.valueToTree(mine));
            regressions.add(o);
        }
        root.set("newFailures", mapper.valueToTree(r.of("new-failures")));
        return mapper.writeValueAsString(root);
    }

    public static void write(FleetReports.Result r, String store, String toolVersion, OutputStream out) throws IOException {
        out.write(render(r, store, toolVersion).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }
}
