package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A line read by {@link PlainSkim} and by {@link EventSkimmer} over Jackson's parser, the way
 * {@link LineParser} reads it: where the plain read gives a tree, it must be Jackson's tree, node
 * for node (an int is not a long). Public for the differential fuzz test.
 */
public final class SkimDifferential {

    private static final JsonFactory JSON = new JsonFactory();
    private static final ObjectMapper TREES = new ObjectMapper(JSON);

    private SkimDifferential() {
    }

    /** Whether the plain read took the line (true) or left it to Jackson (false); throws when they differ. */
    public static boolean assertAgree(byte[] line) {
        String type = PlainSkim.type(line, 0, line.length);
        Optional<EventSkimmer.Shape> shape = type == null ? Optional.empty() : EventSkimmer.shapeOf(type);
        if (shape.isEmpty()) {
            return false;
        }
        Object plain = new PlainSkim().skim(line, 0, line.length, type, shape.get());
        if (plain == null) {
            return false;
        }
        Object full = viaJackson(line);
        if (!plain.equals(full)) {
            throw new AssertionError("the plain skim differs from Jackson's for " + new String(line, StandardCharsets.UTF_8)
                    + "\n  jackson: " + full + "\n  plain:   " + plain);
        }
        return true;
    }

    private static Object viaJackson(byte[] line) {
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME
                    || !"Event".equals(p.currentName())) {
                return "not an event";
            }
            p.nextToken();
            String type = p.getText();
            return new EventSkimmer(TREES).skim(p, type, EventSkimmer.shapeOf(type).orElseThrow());
        } catch (Exception | StackOverflowError e) {
            return "refused: " + e.getClass().getSimpleName();
        }
    }
}
