package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.report.ExplainJson;
import java.util.List;

/** {@code sparkdoc explain --json}: an error's root cause, the user's own frame and what to change. */
final class ExplainTool implements SparkdocTool {

    @Override
    public String name() {
        return "explain";
    }

    @Override
    public String description() {
        return "Explain a Spark, JVM or Python error: its root cause, the user's own frame, the symptom family and what"
                + " to change. Give the text of a driver log, a traceback, a stack trace or an error message (up to 20 MB)."
                + " Answers what 'sparkdoc explain --json' prints: {\"errors\": [...]}, root cause first (see docs/explain.md);"
                + " an empty list when no error is recognised.";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["text"], "additionalProperties": false, "properties": {
                  "text": {"type": "string", "description": "the log, trace or message"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        InputText input = InputText.of(args.text("text"));
        List<ExplainedError> errors = ErrorClassifier.builtIn().classify(input);
        return Json.mapper().readTree(ExplainJson.render(errors, input.truncated()));
    }
}
