package dev.sparkdoc.testing;

import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.sparkdoc.report.TriageJson;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Set;

/** docs/triage.schema.json, for tests that check what 'triage --json' prints. */
public final class TriageSchema {

    public static final JsonSchema SCHEMA = load();

    private TriageSchema() {
    }

    private static JsonSchema load() {
        try {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(Json.mapper().readTree(Path.of("docs/triage.schema.json").toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema's complaints about the JSON report of a diagnosis (all findings); empty when valid. */
    public static Set<ValidationMessage> errors(Diagnosis d) {
        try {
            return SCHEMA.validate(Json.mapper().readTree(TriageJson.render(TriageReport.of(d, "test", Severity.INFO, 1000))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
