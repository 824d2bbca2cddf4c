package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.report.ExplainJson;
import dev.sparkdoc.report.LogsText;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.ExecutorLogReader;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.net.URI;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code sparkdoc logs}: the end of each executor's stdout and stderr, and the errors found in them. */
final class LogsTool implements SparkdocTool {

    /** As {@code logs --bytes}: the most of one log's end that is read. */
    private static final int MAX_BYTES = 16 << 20;
    /** A log line can be a whole class path (the executor's launch command): its start says enough. */
    private static final int MAX_LINE = 1_000;

    private final McpSettings settings;

    LogsTool(McpSettings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "logs";
    }

    @Override
    public String description() {
        return "Read the end of each executor's stdout and stderr through the log links Spark gives (standalone"
                + " worker, YARN NodeManager), and explain the errors in them. Answers {\"logs\": [{executor, kind, url,"
                + " lines, problem?, errors}]}, where errors is what the explain tool answers for that log (docs/logs.md).";
    }

    @Override
    public String inputSchema() {
        return """
                {"type": "object", "required": ["target"], "additionalProperties": false, "properties": {
                  "target": {"type": "string", "description": "a live driver or History Server (host:port or URL) or a named target"},
                  "app": {"type": "string", "description": "application id where the target holds several"},
                  "executor": {"type": "string", "description": "only this executor's logs"},
                  "type": {"type": "string", "enum": ["stdout", "stderr"], "description": "only this log (default both)"},
                  "grep": {"type": "string", "description": "only the lines this regular expression finds (errors are still found in the whole tail)"},
                  "bytes": {"type": "integer", "minimum": 1, "maximum": 16777216, "description": "how much of the end of each log to read (default 65536)"}
                }}""";
    }

    @Override
    public JsonNode call(Args args) throws Exception {
        int bytes = args.number("bytes", 65_536, 1, MAX_BYTES);
        Optional<Pattern> grep = args.optionalText("grep").map(LogsTool::compile);
        Optional<String> executor = args.optionalText("executor");
        Optional<String> type = args.optionalText("type");
        if (type.isPresent() && !List.of("stdout", "stderr").contains(type.get())) {
            throw new ToolError("argument 'type' " + type.get() + ": give stdout or stderr");
        }
        ResolvedTarget target = settings.targets().resolve(args.text("target"));
        AppSnapshot snapshot = Reading.read(settings, target, args.optionalText("app"));
        List<Executor> withLogs = snapshot.executors().stream()
                .filter(e -> executor.map(e.id()::equals).orElse(true))
                .filter(e -> !e.logUrls().isEmpty()).toList();
        if (withLogs.isEmpty()) {
            throw new SourceException(LogsText.noLinks(snapshot, executor.orElse(null)));
        }
        URI base = target.target() instanceof Target.Http http ? http.baseUrl() : URI.create("http://localhost/");
        ObjectNode answer = Json.mapper().createObjectNode();
        ArrayNode logs = answer.putArray("logs");
        try (ExecutorLogReader reader = new ExecutorLogReader(base, target.http())) {
            for (Executor e : withLogs) {
                List<Map.Entry<String, String>> links = e.logUrls().entrySet().stream()
                        .filter(l -> type.map(l.getKey()::equals).orElse(true))
                        .sorted(Map.Entry.comparingByKey(Comparator.reverseOrder())).toList(); // stdout, then stderr
                for (Map.Entry<String, String> link : links) {
                    logs.add(json(reader.tail(e.id(), link.getKey(), link.getValue(), bytes), grep));
                }
            }
        }
        return answer;
    }

    private static ObjectNode json(LogTail tail, Optional<Pattern> grep) throws Exception {
        ObjectNode log = Json.mapper().createObjectNode();
        log.put("executor", tail.executorId());
        log.put("kind", tail.kind());
        log.put("url", tail.url());
        if (tail.problem().isPresent()) {
            log.put("problem", tail.problem().get());
            return log;
        }
        ArrayNode lines = log.putArray("lines");
        tail.text().lines().filter(l -> grep.map(g -> g.matcher(l).find()).orElse(true))
                .forEach(l -> lines.add(l.length() > MAX_LINE ? l.substring(0, MAX_LINE) + " …" : l));
        JsonNode explained = Json.mapper().readTree(ExplainJson.render(ErrorClassifier.builtIn().classify(InputText.of(tail.text())), false));
        log.set("errors", explained.path("errors"));
        return log;
    }

    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new ToolError("argument 'grep' " + regex + ": not a regular expression (" + e.getDescription() + ")");
        }
    }
}
