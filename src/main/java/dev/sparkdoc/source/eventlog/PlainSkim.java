package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link EventSkimmer}'s trees read with the {@link PlainJson} cursor instead of Jackson's parser,
 * for lines in the shape JsonProtocol writes: {@code {"Event":"…",…}}, ASCII, integers of at most
 * 18 digits; strings may have escapes (a stage's call-site details, a plan's description). Any
 * other line gives null and {@link EventSkimmer} reads it. Why: these events are a few per cent
 * of a log's bytes, but reading them kept Jackson's parser hot enough for the JIT to spend the
 * second core compiling it (docs/performance.md); the cursor is the one task lines already use.
 */
final class PlainSkim {

    private static final byte[] EVENT_START = "{\"Event\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_DEPTH = 64;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final PlainJson json = new PlainJson(true);

    /** The event type of a line starting {@code {"Event":"…"} with a plain type, else null. */
    static String type(byte[] buf, int off, int len) {
        int n = EVENT_START.length;
        if (len <= n || !Arrays.equals(buf, off, off + n, EVENT_START, 0, n)) {
            return null;
        }
        int q = ByteScan.plainStringEnd(buf, off + n, off + len);
        return q < 0 || buf[q] != '"' ? null : new String(buf, off + n, q - off - n, StandardCharsets.ISO_8859_1);
    }

    /**
     * The tree {@code EventSkimmer.skim} gives for this line of this type, or null when the line
     * leaves the plain shape (then EventSkimmer reads it).
     */
    ObjectNode skim(byte[] buf, int off, int len, String type, EventSkimmer.Shape shape) {
        json.start(buf, off, len);
        try {
            json.open();
            json.nextKey(true);
            json.skip(); // the "Event" value: the type, read already
            ObjectNode node = NODES.objectNode();
            node.put("Event", type);
            fields(shape, node, false, 1);
            // as with Jackson's parser, what follows the event's closing brace is not read
            return node;
        } catch (PlainJson.NotPlain | ArrayIndexOutOfBoundsException notPlain) {
            return null;
        }
    }

    /** The rest of an object's members: the kept ones into {@code into}, the others stepped over. */
    private void fields(EventSkimmer.Shape shape, ObjectNode into, boolean first, int depth) {
        for (; json.nextKey(first); first = false) {
            String name = json.keyString();
            EventSkimmer.Shape kept = shape.field(name);
            if (kept == null) {
                json.skip();
            } else {
                into.set(name, value(kept, depth));
            }
        }
    }

    private JsonNode value(EventSkimmer.Shape shape, int depth) {
        if (depth >= MAX_DEPTH) {
            throw PlainJson.NOT_PLAIN;
        }
        byte c = json.at();
        switch (c) {
            case '{' -> {
                ObjectNode o = NODES.objectNode();
                json.open();
                fields(shape, o, true, depth + 1);
                return o;
            }
            case '[' -> {
                ArrayNode a = NODES.arrayNode();
                json.openArray();
                for (boolean first = true; json.nextElement(first); first = false) {
                    a.add(value(shape, depth + 1));
                }
                return a;
            }
            case '"' -> {
                return NODES.textNode(json.text());
            }
            case 't', 'f' -> {
                return NODES.booleanNode(json.bool());
            }
            case 'n' -> {
                json.nullLiteral();
                return NODES.nullNode();
            }
            default -> {
                // Jackson's getNumberType: INT when the value fits in an int, else LONG
                long v = json.integer();
                return v == (int) v ? NODES.numberNode((int) v) : NODES.numberNode(v);
            }
        }
    }
}
