package dev.sparkdoc.report;

import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.OutputStream;

/** {@code diff --json}: the report, exactly (docs/diff.schema.json). */
public final class DiffJson {

    private DiffJson() {
    }

    public static String render(DiffReport report) {
        try {
            return Json.mapper().writeValueAsString(report);
        } catch (IOException e) {
            throw new IllegalStateException("cannot render the diff report as JSON", e);
        }
    }

    public static void write(DiffReport report, OutputStream out) throws IOException {
        out.write(render(report).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }
}
