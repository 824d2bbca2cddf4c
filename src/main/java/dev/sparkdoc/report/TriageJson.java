package dev.sparkdoc.report;

import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.OutputStream;

/** {@code triage --json}: the report, exactly (docs/triage.schema.json). */
public final class TriageJson {

    private TriageJson() {
    }

    public static String render(TriageReport report) {
        try {
            return Json.mapper().writeValueAsString(report);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render the triage report as JSON", e);
        }
    }

    public static void write(TriageReport report, OutputStream out) throws IOException {
        out.write(render(report).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }
}
