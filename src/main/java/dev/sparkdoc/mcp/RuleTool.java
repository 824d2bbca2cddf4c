package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.report.RuleText;
import dev.sparkdoc.rules.Rule;
import java.util.List;

/** {@code sparkdoc rules show ID}: one rule's condition, thresholds, remedies and sources. */
final class RuleTool implements SparkdocTool {

    private final McpSettings settings;

    RuleTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "rules_show";
    }

    @Override
    public String description() {
        return "Show one first-aid rule by id (a finding's 'rule' field, e.g. skew.stage-task-time): its condition over"
                + " named facts, thresholds, remedies, how to verify and the sources it cites. Answers"
                + " {\"id\", \"family\", \"lines\": [...]}, the lines 'sparkdoc rules show ID' prints.";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["id"], "additionalProperties": false, "properties": {
                  "id": {"type": "string", "description": "a rule id"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) {
        String id = args.text("id");
        List<Rule> inForce = settings.rules().get();
        Rule rule = inForce.stream().filter(r -> r.id().equals(id)).findFirst()
                .orElseThrow(() -> new ToolError("no rule '" + id + "'" + DidYouMean.quoted(inForce.stream().map(Rule::id).toList(), id)
                        + " (the ids are the 'rule' fields of triage's findings)"));
        ObjectNode answer = Json.mapper().createObjectNode();
        answer.put("id", rule.id());
        answer.put("family", rule.family());
        RuleText.show(rule).forEach(answer.putArray("lines")::add);
        return answer;
    }
}
