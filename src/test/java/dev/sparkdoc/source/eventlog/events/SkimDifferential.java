package dev.sparkdoc.source.eventlog.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * A line read by {@link EventSkimmer} over Jackson's parser, the way {@link LineParser} reads it,
 * and as Jackson's whole tree cut down to the fields the skim keeps: where both read the line,
 * the trees must be equal, node for node (an int is not a long). Public for the differential
 * fuzz test.
 */
public final class SkimDifferential {

    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper TREES = new ObjectMapper(JSON);

    private SkimDifferential() {
    }

    /** Whether both readings took the line (true) or either refused it (false); throws when they differ. */
    public static boolean assertAgree(byte[] line) {
        Object skimmed;
        String type;
        Optional<EventSkimmer.Shape> shape;
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME
                    || !"Event".equals(p.currentName())) {
                return false;
            }
            p.nextToken();
            type = p.getText();
            shape = EventSkimmer.shapeOf(type);
            if (shape.isEmpty()) {
                return false;
            }
            skimmed = new EventSkimmer(TREES).skim(p, type, shape.get());
        } catch (Exception | StackOverflowError refused) {
            return false;
        }
        JsonNode whole;
        try {
            whole = TREES.readTree(line);
        } catch (Exception | StackOverflowError refused) {
            // the skim steps over values it does not keep; Jackson's tree decodes them all
            return false;
        }
        ObjectNode cut = JsonNodeFactory.instance.objectNode();
        cut.put("Event", type);
        keptFields(whole, shape.get(), cut, true);
        if (!skimmed.equals(cut)) {
            throw new AssertionError("the skim differs from Jackson's tree for " + new String(line, StandardCharsets.UTF_8)
                    + "\n  tree: " + cut + "\n  skim: " + skimmed);
        }
        return true;
    }

    /** The fields of {@code object} the shape keeps, into {@code into} (the event's first "Event" is its type). */
    private static void keptFields(JsonNode object, EventSkimmer.Shape shape, ObjectNode into, boolean event) {
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            EventSkimmer.Shape kept = shape.field(field.getKey());
            if (kept != null && !(event && field.getKey().equals("Event"))) {
                into.set(field.getKey(), kept(field.getValue(), kept));
            }
        }
    }

    private static JsonNode kept(JsonNode value, EventSkimmer.Shape shape) {
        if (shape == EventSkimmer.Shape.ALL) {
            return value;
        }
        if (value.isObject()) {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            keptFields(value, shape, o, false);
            return o;
        }
        if (value.isArray()) {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            value.forEach(element -> a.add(kept(element, shape)));
            return a;
        }
        return value;
    }
}
