package dev.sparkdoc.mcp;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.GetPromptResult;
import io.modelcontextprotocol.spec.McpSchema.PromptArgument;
import io.modelcontextprotocol.spec.McpSchema.PromptMessage;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;

/**
 * {@code first_aid TARGET}: the one line a user types in their assistant. It runs triage and asks
 * for the top finding's verification plan, with the triage answer in the message.
 */
final class FirstAidPrompt {

    static final String NAME = "first_aid";

    private final TriageTool triage;
    private final CallGuard guard;
    private final Map<String, Object> triageSchema;

    FirstAidPrompt(TriageTool triage, CallGuard guard, Map<String, Object> triageSchema) {
        this.triage = triage;
        this.guard = guard;
        this.triageSchema = triageSchema;
    }

    static McpSchema.Prompt definition() {
        return new McpSchema.Prompt(NAME, "First aid for a Spark application",
                "Triage a Spark application with sparkdoc and plan how to verify the fix of its top finding.",
                List.of(new PromptArgument("target", "host:port, History Server URL, event-log path or a target named in sparkdoc's config", true)));
    }

    GetPromptResult get(Map<String, Object> arguments) {
        Object target = arguments == null ? null : arguments.get("target");
        if (!(target instanceof String t) || t.isBlank()) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message("first_aid: argument 'target' is required").build();
        }
        McpSchema.CallToolResult result = guard.run(triage, triageSchema, Map.of("target", t));
        String answer = ((TextContent) result.content().get(0)).text();
        if (Boolean.TRUE.equals(result.isError())) {
            throw McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message("first_aid: " + answer).build();
        }
        String text = "sparkdoc triaged the Spark application at " + t + ". Its report (JSON, findings ranked by the time"
                + " they cost) is below.\n\n"
                + "Take the top finding (the first of \"findings\"; if there is none, say the application looks healthy and"
                + " what the verdict says). In a few lines: what is wrong and where (stages, evidence), what it costs,"
                + " the exact change to make (its remedies), and then its verification plan as numbered steps: what to"
                + " run again, which figures must change and to what (its verify text and facts), and how to compare the"
                + " runs (sparkdoc's diff tool, baseline: this run). Use the rules_show and stage tools if you need the"
                + " rule's thresholds or a stage's tasks.\n\n" + answer;
        return new GetPromptResult("First aid for " + t, List.of(new PromptMessage(McpSchema.Role.USER, new TextContent(text))));
    }
}
