package dev.sparkdoc.report;

import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** {@code triage --all-apps --json}: the fleet report, exactly (docs/triage-fleet.schema.json). */
public final class FleetJson {

    private FleetJson() {
    }

    public static String render(FleetReport report) {
        try {
            return Json.mapper().writeValueAsString(report);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render the fleet report as JSON", e);
        }
    }

    public static void write(FleetReport report, OutputStream out) throws IOException {
        out.write(render(report).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }
}
