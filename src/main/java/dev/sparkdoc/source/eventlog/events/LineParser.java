package dev.sparkdoc.source.eventlog.events;

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
 * Turns one event-log line into an event for a {@link Sink}. One fast path: task events, the bulk
 * of a log, are read from the line's bytes ({@link TaskLineScan}) when JsonProtocol wrote them
 * plainly. Every other line goes whole to Jackson: task events the fast path does not take to its
 * streaming parser ({@link TaskEventParser}), the next largest (jobs, stages, SQL plans) skimmed
 * into trees of the fields the folders read ({@link EventSkimmer}), the rare rest read as trees.
 */
public final class LineParser {

    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper TREES = new ObjectMapper(JSON);

    /** Where parsed lines go. */
    public interface Sink {
        /** The object to parse the next task event into (reused or fresh). */
        TaskEvent taskEvent();

        void task(TaskEvent e);

        void event(String type, JsonNode tree);
    }

    private final TaskEventParser taskParser;
    /** Plain task lines, read from their bytes; the others go through {@link #taskParser}. */
    private final TaskLineScan lineScan;
    /** How JsonProtocol starts task lines: the common case is recognised without a parser. */
    private static final byte[] TASK_END = "{\"Event\":\"SparkListenerTaskEnd\",".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TASK_START = "{\"Event\":\"SparkListenerTaskStart\",".getBytes(StandardCharsets.US_ASCII);
    /** A task object taken from the sink for the fast path that did not apply, used next. */
    private TaskEvent unused;
    private final EventSkimmer skimmer = new EventSkimmer(TREES);

    public LineParser(TaskEventParser taskParser) {
        this.taskParser = taskParser;
        this.lineScan = taskParser.lineScan();
    }

    /** Parses the whole line before handing it on, so a cut line changes nothing. */
    public void parse(byte[] buf, int off, int len, Sink sink) throws IOException {
        boolean taskEnd = startsWith(buf, off, len, TASK_END);
        if (taskEnd || startsWith(buf, off, len, TASK_START)) {
            TaskEvent task = sink.taskEvent();
            task.reset(taskEnd);
            if (lineScan.read(buf, off, len, task)) {
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

    public static int firstNonBlank(byte[] buf, int off, int len) {
        for (int i = off; i < off + len; i++) {
            byte b = buf[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return i;
            }
        }
        return -1;
    }
}
