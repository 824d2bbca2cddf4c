package dev.sparkdoc.mcp;

import java.util.Map;
import java.util.Optional;

/** A tool call's arguments, read by type; a missing or mistyped one is a {@link ToolError} naming it. */
record Args(Map<String, Object> values) {

    Args {
        values = values == null ? Map.of() : values;
    }

    String text(String name) {
        return optionalText(name).orElseThrow(() -> new ToolError("argument '" + name + "' is required"));
    }

    Optional<String> optionalText(String name) {
        Object v = values.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!(v instanceof String s)) {
            throw new ToolError("argument '" + name + "': give a string, not " + v);
        }
        return s.isBlank() ? Optional.empty() : Optional.of(s);
    }

    /** An integer in {@code [min, max]}; {@code fallback} when absent. */
    int number(String name, int fallback, int min, int max) {
        Object v = values.get(name);
        if (v == null) {
            return fallback;
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
            throw new ToolError("argument '" + name + "': give a whole number, not " + v);
        }
        long l = n.longValue();
        if (l < min || l > max) {
            throw new ToolError("argument '" + name + "' " + l + ": give " + min + " to " + max);
        }
        return (int) l;
    }

    int requiredNumber(String name, int min, int max) {
        if (!values.containsKey(name)) {
            throw new ToolError("argument '" + name + "' is required");
        }
        return number(name, 0, min, max);
    }

    boolean flag(String name) {
        Object v = values.get(name);
        if (v == null) {
            return false;
        }
        if (!(v instanceof Boolean b)) {
            throw new ToolError("argument '" + name + "': give true or false, not " + v);
        }
        return b;
    }
}
