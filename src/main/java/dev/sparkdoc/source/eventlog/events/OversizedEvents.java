package dev.sparkdoc.source.eventlog.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.source.eventlog.lines.LineReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Event-log lines over {@link LineReader}'s bound, which are never loaded whole. A
 * SQLExecutionStart keeps what a report shows from its ends: Spark's Jackson serializer writes
 * {@code executionId} and {@code description} before the huge {@code physicalPlanDescription}
 * and {@code sparkPlanInfo}, and {@code time} after them. Anything else is skipped and counted.
 */
public final class OversizedEvents {

    private static final JsonFactory JSON = new JsonFactory();
    private static final String SQL_START = "SparkListenerSQLExecutionStart";
    private static final Pattern TIME = Pattern.compile("\"time\"\\s*:\\s*(\\d{1,18})");
    private static final Pattern DESCRIPTION = Pattern.compile("\"description\"\\s*:\\s*\"");

    private final Map<String, Long> skippedByType = new TreeMap<>();
    private long salvaged;
    private long largestBytes;

    /** Records an oversized line; returns the event to fold in its place, if one can be saved. */
    public Optional<JsonNode> add(byte[] head, int off, int len, byte[] tail, long bytes) {
        largestBytes = Math.max(largestBytes, bytes);
        Head h = readHead(head, off, len);
        if (SQL_START.equals(EventNames.simpleName(h.type)) && h.executionId != null) {
            salvaged++;
            ObjectNode e = JsonNodeFactory.instance.objectNode();
            e.put("Event", h.type);
            e.put("executionId", h.executionId);
            e.put("description", h.description != null ? h.description : rawDescription(head, off, len));
            lastTime(tail).ifPresent(t -> e.put("time", t));
            return Optional.of(e);
        }
        skippedByType.merge(h.type.isEmpty() ? "an event of unknown type" : EventNames.simpleName(h.type), 1L, Long::sum);
        return Optional.empty();
    }

    /** True when an event was dropped: the figures may be short of the truth. */
    public boolean anySkipped() {
        return !skippedByType.isEmpty();
    }

    public List<String> notes(int maxLineBytes) {
        List<String> notes = new ArrayList<>();
        String bound = size(maxLineBytes);
        String largest = "largest " + size(largestBytes);
        if (salvaged > 0) {
            notes.add(String.format(Locale.ROOT, "%,d SQL start event(s) over the %s line limit (%s): kept id, time"
                    + " and the start of the description, not the plan", salvaged, bound, largest));
        }
        skippedByType.forEach((type, n) -> notes.add(String.format(Locale.ROOT,
                "%,d %s event(s) over the %s line limit (%s) skipped (run %s to read them)",
                n, type, bound, largest, dev.sparkdoc.source.ReadBounds.raise(LineReader.MAX_LINE_PROPERTY, "<bytes>"))));
        return notes;
    }

    private static String size(long bytes) {
        return bytes >= 1 << 20
                ? String.format(Locale.ROOT, "%,d MB", bytes >> 20)
                : String.format(Locale.ROOT, "%,d bytes", bytes);
    }

    private static final class Head {
        String type = "";
        Long executionId;
        String description;
    }

    /** The top-level fields the head of the line holds whole; stops at the first cut one. */
    private static Head readHead(byte[] buf, int off, int len) {
        Head h = new Head();
        try (JsonParser p = JSON.createParser(buf, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return h;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("Event".equals(field) && value == JsonToken.VALUE_STRING) {
                    h.type = p.getText();
                } else if ("executionId".equals(field) && value == JsonToken.VALUE_NUMBER_INT) {
                    h.executionId = p.getLongValue();
                } else if ("description".equals(field) && value == JsonToken.VALUE_STRING) {
                    h.description = p.getText();
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException cut) {
            // the head ends mid-value: keep the fields read before the cut
        }
        return h;
    }

    /** The start of a description too long for the head: its raw text up to the cut, marked as cut. */
    private static String rawDescription(byte[] buf, int off, int len) {
        String text = new String(buf, off, len, StandardCharsets.UTF_8);
        Matcher m = DESCRIPTION.matcher(text);
        if (!m.find()) {
            return "";
        }
        String raw = text.substring(m.end());
        for (int i = 0; i < raw.length(); i++) {
            if (raw.charAt(i) == '\\') {
                i++;
            } else if (raw.charAt(i) == '"') {
                raw = raw.substring(0, i);
                break;
            }
        }
        return raw.replace("\\n", "\n").replace("\\t", "\t").replace("\\\"", "\"") + " …";
    }

    /** Spark writes {@code time} after the plan: the last one in the tail is the event's own. */
    private static Optional<Long> lastTime(byte[] tail) {
        Matcher m = TIME.matcher(new String(tail, StandardCharsets.ISO_8859_1));
        Long time = null;
        while (m.find()) {
            time = Long.parseLong(m.group(1));
        }
        return Optional.ofNullable(time);
    }
}
