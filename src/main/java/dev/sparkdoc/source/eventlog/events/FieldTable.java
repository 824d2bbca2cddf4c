package dev.sparkdoc.source.eventlog.events;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields of one kind of JSON object a reader reads: each name as JsonProtocol writes it and
 * the code the reader switches on. Looked up by name (Jackson's reader) or as bytes at the
 * {@link PlainJson} cursor (the byte-level reader), so both readers read the same fields.
 */
final class FieldTable {

    /** The code of a field the readers step over. */
    static final int NOT_READ = -1;

    private final Map<String, Integer> codes = new HashMap<>();
    private final List<byte[]> names = new ArrayList<>();
    private final List<Integer> nameCodes = new ArrayList<>();

    /** Adds fields that mean the same (several spellings of one thing). */
    FieldTable with(int code, String... spellings) {
        for (String name : spellings) {
            codes.put(name, code);
            names.add(name.getBytes(StandardCharsets.US_ASCII));
            nameCodes.add(code);
        }
        return this;
    }

    /** The code of the field called {@code name}, or {@link #NOT_READ}. */
    int code(String name) {
        return codes.getOrDefault(name, NOT_READ);
    }

    /** The code of the key at the cursor, or {@link #NOT_READ}. */
    int code(PlainJson json) {
        for (int k = 0; k < names.size(); k++) {
            if (json.key(names.get(k))) {
                return nameCodes.get(k);
            }
        }
        return NOT_READ;
    }

    /** The name of the field with this code (its first spelling). */
    String name(int code) {
        return new String(names.get(nameCodes.indexOf(code)), StandardCharsets.US_ASCII);
    }
}
