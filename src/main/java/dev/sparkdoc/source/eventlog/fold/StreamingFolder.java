package dev.sparkdoc.source.eventlog.fold;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Structured Streaming queries, from the {@code StreamingQueryListener} events Spark posts to the
 * listener bus and so into the event log (sql/core/.../streaming/StreamingQueryListener.scala):
 * QueryStartedEvent {id, runId, name, timestamp}, QueryProgressEvent {progress: the
 * StreamingQueryProgress, as Jackson writes it}, QueryTerminatedEvent {id, runId, exception} and
 * QueryIdleEvent. Only the last {@link StreamingQuery#KEPT_BATCHES} micro-batches of a run are kept.
 */
final class StreamingFolder {

    private static final class RunState {
        final String id;
        final String runId;
        String name = "";
        Instant started;
        Instant terminated;
        String exception;
        List<String> sources = List.of();
        String sink = "";
        long batches;
        StreamingProgress first;
        final ArrayDeque<StreamingProgress> recent = new ArrayDeque<>();

        RunState(String id, String runId) {
            this.id = id;
            this.runId = runId;
        }

        StreamingQuery toQuery() {
            return new StreamingQuery(id, runId, name, Optional.ofNullable(started), Optional.ofNullable(terminated),
                    Optional.ofNullable(exception), sources, sink, batches, Optional.ofNullable(first), List.copyOf(recent));
        }
    }

    private final Map<String, RunState> runs = new LinkedHashMap<>();

    /** @param now the log's clock: a QueryTerminatedEvent carries no time of its own */
    boolean onEvent(String type, JsonNode e, long now) {
        switch (type) {
            case "StreamingQueryListener$QueryStartedEvent" -> {
                RunState run = run(e);
                run.name = name(e);
                run.started = instant(e.path("timestamp")).orElse(null);
            }
            case "StreamingQueryListener$QueryProgressEvent" -> progress(e.path("progress"));
            case "StreamingQueryListener$QueryTerminatedEvent" -> {
                RunState run = run(e);
                run.terminated = now > 0 ? Instant.ofEpochMilli(now) : null;
                String exception = AppFolder.text(e, "exception");
                run.exception = exception == null || exception.isBlank() ? null : exception;
            }
            case "StreamingQueryListener$QueryIdleEvent" -> run(e);
            default -> {
                return false;
            }
        }
        return true;
    }

    List<StreamingQuery> queries() {
        return runs.values().stream().map(RunState::toQuery).toList();
    }

    private void progress(JsonNode p) {
        RunState run = run(p);
        if (run.name.isEmpty()) {
            run.name = name(p);
        }
        Optional<Instant> at = instant(p.path("timestamp"));
        if (at.isEmpty()) {
            return;
        }
        Map<String, Long> parts = new LinkedHashMap<>();
        p.path("durationMs").properties().forEach(d -> parts.put(d.getKey(), d.getValue().asLong()));
        long numInputRows = 0;
        double inputRate = 0;
        double processedRate = 0;
        Long offsetsBehind = null;
        List<String> sources = new ArrayList<>();
        for (JsonNode s : p.path("sources")) {
            sources.add(s.path("description").asText(""));
            numInputRows += s.path("numInputRows").asLong(0);
            // Jackson writes a rate of NaN (no time elapsed) as the string "NaN"
            inputRate += finite(s.path("inputRowsPerSecond").asDouble(0));
            processedRate += finite(s.path("processedRowsPerSecond").asDouble(0));
            JsonNode behind = s.path("metrics").path("maxOffsetsBehindLatest");
            if (!behind.isMissingNode() && !behind.isNull()) {
                offsetsBehind = Math.max(offsetsBehind == null ? 0 : offsetsBehind, behind.asLong(0));
            }
        }
        long stateRows = 0;
        long stateMemory = 0;
        for (JsonNode op : p.path("stateOperators")) {
            stateRows += op.path("numRowsTotal").asLong(0);
            stateMemory += op.path("memoryUsedBytes").asLong(0);
        }
        String watermark = AppFolder.text(p.path("eventTime"), "watermark");
        long duration = parts.getOrDefault("triggerExecution", p.path("batchDuration").asLong(0));
        StreamingProgress progress = new StreamingProgress(p.path("batchId").asLong(-1), at.get(), duration, parts,
                numInputRows, inputRate, processedRate, p.path("stateOperators").size(), stateRows, stateMemory,
                Optional.ofNullable(watermark), Optional.ofNullable(offsetsBehind));
        run.batches++;
        if (run.first == null) {
            run.first = progress;
        }
        run.recent.addLast(progress);
        if (run.recent.size() > StreamingQuery.KEPT_BATCHES) {
            run.recent.removeFirst();
        }
        run.sources = List.copyOf(sources);
        run.sink = p.path("sink").path("description").asText("");
    }

    private RunState run(JsonNode e) {
        String id = e.path("id").asText("");
        String runId = e.path("runId").asText(id);
        return runs.computeIfAbsent(runId, r -> new RunState(id, r));
    }

    private static String name(JsonNode e) {
        String name = AppFolder.text(e, "name");
        return name == null ? "" : name;
    }

    private static Optional<Instant> instant(JsonNode text) {
        try {
            return text.isTextual() ? Optional.of(Instant.parse(text.asText())) : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }
}
