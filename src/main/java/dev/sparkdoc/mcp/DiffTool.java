package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.diff.RunDiff;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.DiffJson;
import dev.sparkdoc.report.DiffReport;
import dev.sparkdoc.rules.Diagnosis;

/** {@code sparkdoc diff BASELINE CURRENT --json}: what changed between two runs, ranked by the time it explains. */
final class DiffTool implements SparkdocTool {

    private final McpSettings settings;

    DiffTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "diff";
    }

    @Override
    public String description() {
        return "Compare a run with an earlier one (for example before and after a fix): what changed, ranked by the"
                + " wall time it explains, and whether each finding of the baseline is still there. Each side is any"
                + " target triage takes. Answers what 'sparkdoc diff --json' prints: JSON Schema docs/diff.schema.json.";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["baseline", "current"], "additionalProperties": false, "properties": {
                  "baseline": {"type": "string", "description": "the earlier run: any target"},
                  "current": {"type": "string", "description": "the run to compare: any target"},
                  "baselineApp": {"type": "string", "description": "the baseline's application id where its target holds several"},
                  "currentApp": {"type": "string", "description": "the current run's application id where its target holds several"},
                  "thresholdPercent": {"type": "integer", "minimum": 0, "maximum": 1000, "description": "worse when slower by more than this share of the baseline's wall time (default 20)"},
                  "all": {"type": "boolean", "description": "also changes within noise"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        int threshold = args.number("thresholdPercent", 20, 0, 1000);
        AppSnapshot baseline = Reading.read(settings, settings.targets().resolve(args.text("baseline")), args.optionalText("baselineApp"));
        AppSnapshot current = Reading.read(settings, settings.targets().resolve(args.text("current")), args.optionalText("currentApp"));
        var rules = settings.rules().get();
        var result = RunDiff.of(Diagnosis.of(baseline, rules), Diagnosis.of(current, rules), threshold / 100.0);
        // as 'diff --json' does: the JSON holds every change, within noise too, unless cut for size
        return Json.mapper().readTree(DiffJson.render(DiffReport.of(result, settings.version(), true)));
    }
}
