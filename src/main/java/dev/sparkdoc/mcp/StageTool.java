package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.report.StageTasks;
import dev.sparkdoc.report.ThreadStackText;
import dev.sparkdoc.signals.StageNames;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * One stage opened, as the live view's stage detail shows it: totals, task quantiles, the running
 * and slowest tasks (and why a kind is missing), where the longest-running task is now, failures.
 */
final class StageTool implements SparkdocTool {

    private final McpSettings settings;

    StageTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "stage";
    }

    @Override
    public String description() {
        return "Open one stage of an application (a finding's 'stages' name them): task counts, wall time, totals"
                + " (task time, GC, input, shuffle, spill), task-metric quantiles, the running and slowest tasks with"
                + " executor and host, the running task's stack on a live driver (user frames marked →), and failures"
                + " by reason. Answers {stageId, attemptId, status, name, tasks, wallMs, totals, quantiles, notableTasks,"
                + " taskNotes, runningTask?, failures} (docs/mcp.md).";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["target", "stageId"], "additionalProperties": false, "properties": {
                  "target": {"type": "string", "description": "any target triage takes"},
                  "app": {"type": "string", "description": "application id where the target holds several"},
                  "stageId": {"type": "integer", "minimum": 0},
                  "attempt": {"type": "integer", "minimum": 0, "description": "the stage attempt (default: the latest)"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        int stageId = args.requiredNumber("stageId", 0, Integer.MAX_VALUE);
        Optional<Integer> attempt = args.values().containsKey("attempt")
                ? Optional.of(args.number("attempt", 0, 0, Integer.MAX_VALUE)) : Optional.empty();
        AppSnapshot snapshot = Reading.read(settings, args);
        Stage stage = snapshot.stages().stream()
                .filter(s -> s.stageId() == stageId && attempt.map(a -> s.attemptId() == a).orElse(true))
                .max(Comparator.comparingInt(Stage::attemptId))
                .orElseThrow(() -> new ToolError("no stage " + stageId + attempt.map(a -> " attempt " + a).orElse("")
                        + " in " + snapshot.application().id() + " (" + snapshot.stages().size() + " stage attempts read)"));
        return json(snapshot, stage);
    }

    static ObjectNode json(AppSnapshot snapshot, Stage st) {
        ObjectMapper mapper = Json.mapper();
        StageNames names = StageNames.of(snapshot);
        ObjectNode out = mapper.createObjectNode();
        out.put("stageId", st.stageId());
        out.put("attemptId", st.attemptId());
        out.put("status", st.status().name());
        out.put("name", names.stage(st));
        names.callSite(st).ifPresent(c -> out.put("callSite", c));
        out.set("jobIds", mapper.valueToTree(st.jobIds()));
        out.set("tasks", mapper.valueToTree(st.tasks()));
        st.durationMs(snapshot.takenAt()).ifPresent(ms -> out.put("wallMs", ms));
        st.failureReason().ifPresent(r -> out.put("failureReason", r));
        out.set("totals", mapper.valueToTree(st.totals()));
        st.quantiles().ifPresent(q -> out.set("quantiles", mapper.valueToTree(q)));
        List<TaskSample> tasks = StageTasks.ordered(st);
        out.set("notableTasks", mapper.valueToTree(tasks));
        ArrayNode notes = out.putArray("taskNotes");
        var kind = snapshot.source().kind();
        StageTasks.missingRunning(st, tasks.stream().filter(TaskSample::running).count(), kind).ifPresent(notes::add);
        StageTasks.missingFinished(st, tasks.stream().filter(StageTasks::succeeded).count(), kind).ifPresent(notes::add);
        // where the longest-running task is now, when the read took its thread (live drivers)
        snapshot.taskThreads().stream()
                .filter(th -> th.stageId() == st.stageId() && th.stageAttemptId() == st.attemptId()).findFirst()
                .ifPresent(th -> {
                    ObjectNode running = out.putObject("runningTask");
                    running.put("taskId", th.taskId());
                    running.put("executorId", th.executorId());
                    running.put("threadName", th.threadName());
                    running.put("state", th.state());
                    th.blockedBy().ifPresent(b -> running.put("blockedBy", b));
                    ThreadStackText.lines(th).forEach(running.putArray("stack")::add);
                });
        out.set("failures", mapper.valueToTree(st.failures()));
        return out;
    }
}
