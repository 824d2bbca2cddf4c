package dev.sparkdoc.source.rest;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.rest.RestClient.JsonBody;
import java.util.ArrayList;
import java.util.List;

/**
 * The first {@code kept} elements of a JSON array, and how many it {@code listed}: the rest were
 * skipped as they streamed by, so a 200,000-stage answer costs the heap only what is kept.
 */
record CappedList<T>(List<T> kept, long listed) {

    CappedList {
        kept = List.copyOf(kept);
    }

    long leftOut() {
        return listed - kept.size();
    }

    /** Reads an array of {@code type}; a null element is an absent one, neither kept nor counted. */
    static <T> JsonBody<CappedList<T>> reader(Class<T> type, int max) {
        return parser -> {
            JsonToken first = parser.nextToken();
            if (first == JsonToken.VALUE_NULL) {
                return null;
            }
            if (first != JsonToken.START_ARRAY) {
                throw MismatchedInputException.from(parser, List.class, "expected an array, got " + first);
            }
            List<T> kept = new ArrayList<>();
            long listed = 0;
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                if (t == JsonToken.VALUE_NULL) {
                    continue;
                }
                listed++;
                if (kept.size() < max) {
                    kept.add(Json.mapper().readValue(parser, type));
                } else {
                    parser.skipChildren();
                }
            }
            return new CappedList<>(kept, listed);
        };
    }
}
