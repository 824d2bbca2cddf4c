package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Turns one event-log line into an event for a {@link Sink}. Task events, the bulk of a log, go
 * through Jackson's streaming parser straight from the line's bytes; the next largest (jobs,
 * stages, SQL plans) are skimmed into trees of the fields the folders read ({@link EventSkimmer});
 * the rare rest are read as whole trees. Parsing needs no state of the log, so the parallel reader runs one per thread.
 */
final class LineParser {

    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper TREES = new ObjectMapper(JSON);

    /** Where parsed lines go: folded at once (sequential) or queued in order (parallel). */
    interface Sink {
        /** The object to parse the next task event into (reused or fresh). */
        TaskEvent taskEvent();

        void task(TaskEvent e);

        void event(String type, JsonNode tree);
    }

    private final TaskEventParser taskParser;
    /** How JsonProtocol starts a task end: the common case is recognised without a parser. */
    private static final byte[] TASK_END = "{\"Event\":\"SparkListenerTaskEnd\",".getBytes(StandardCharsets.US_ASCII);
    /** A task object taken from the sink for the fast path that did not apply, used next. */
    private TaskEvent unused;
    /** The current line without its accumulables, reused: one parser per thread. */
    private byte[] rest = new byte[16 << 10];
    private final EventSkimmer skimmer = new EventSkimmer(TREES);

    LineParser(TaskEventParser taskParser) {
        this.taskParser = taskParser;
    }

    /** Parses the whole line before handing it on, so a cut line changes nothing. */
    void parse(byte[] buf, int off, int len, Sink sink) throws IOException {
        if (startsWith(buf, off, len, TASK_END)) {
            TaskEvent task = sink.taskEvent();
            task.reset(true);
            if (withoutAccumulables(buf, off, len, task)) {
                sink.task(task);
                return;
            }
            unused = task;
        }
        try (JsonParser p = JSON.createParser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            // JsonProtocol and Jackson both write "Event" first; read anything else as a tree.
            if (p.nextToken() == JsonToken.FIELD_NAME && "Event".equals(p.currentName())) {
                p.nextToken();
                String type = p.getText();
                if (isTaskEvent(type)) {
                    task(type, p, sink);
                } else {
                    Optional<EventSkimmer.Shape> shape = EventSkimmer.shapeOf(type);
                    sink.event(type, shape.isPresent() ? skimmer.skim(p, type, shape.get()) : TREES.readTree(buf, off, len));
                }
                return;
            }
        }
        JsonNode tree = TREES.readTree(buf, off, len);
        String type = tree.path("Event").asText(null);
        if (type == null) {
            throw new IOException("no Event field");
        }
        if (isTaskEvent(type)) {
            try (JsonParser p = tree.traverse(TREES)) {
                p.nextToken();
                task(type, p, sink);
            }
        } else {
            sink.event(type, tree);
        }
    }

    private static boolean startsWith(byte[] buf, int off, int len, byte[] prefix) {
        return len >= prefix.length && Arrays.equals(buf, off, off + prefix.length, prefix, 0, prefix.length);
    }

    private static boolean isTaskEvent(String type) {
        return "SparkListenerTaskEnd".equals(type) || "SparkListenerTaskStart".equals(type);
    }

    private void task(String type, JsonParser p, Sink sink) throws IOException {
        TaskEvent task = unused != null ? unused : sink.taskEvent();
        unused = null;
        task.reset("SparkListenerTaskEnd".equals(type));
        taskParser.parse(p, task);
        sink.task(task);
    }

    /**
     * Reads a task end's accumulables from the bytes ({@link AccumulablesScan}) and the rest of the
     * line with Jackson, the array emptied; false when the line is not in the shape for that.
     */
    private boolean withoutAccumulables(byte[] buf, int off, int len, TaskEvent task) throws IOException {
        int open = AccumulablesScan.find(buf, off, off + len);
        int close = open < 0 ? -1 : AccumulablesScan.read(buf, open, off + len, taskParser::wants, task);
        if (close < 0) {
            return false;
        }
        int head = open + 1 - off;
        int tail = off + len - close;
        if (rest.length < head + tail) {
            rest = new byte[Math.max(head + tail, rest.length * 2)];
        }
        System.arraycopy(buf, off, rest, 0, head);
        System.arraycopy(buf, close, rest, head, tail);
        try (JsonParser q = JSON.createParser(rest, 0, head + tail)) {
            q.nextToken();
            q.nextToken();
            q.nextToken();
            taskParser.parse(q, task);
        }
        return true;
    }

    static int firstNonBlank(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            byte b = buf[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return i;
            }
        }
        return -1;
    }
}
