package dev.sparkdoc.mcp;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The SDK's schema check, for the part of JSON Schema the tools' argument schemas use: required
 * names, no others, and each one's type. The SDK's own validator needs json-schema-validator 2,
 * which cannot share the class path with the 1.5 line our tests validate reports with; and our
 * schemas need no more than this.
 */
public final class ArgumentSchemaCheck implements JsonSchemaValidator {

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object value) {
        List<String> problems = problems(schema, value);
        return problems.isEmpty() ? ValidationResponse.asValid(null) : ValidationResponse.asInvalid(String.join("; ", problems));
    }

    static List<String> problems(Map<String, Object> schema, Object value) {
        List<String> out = new ArrayList<>();
        if (!(value instanceof Map<?, ?> object)) {
            out.add("give an object");
            return out;
        }
        Map<?, ?> properties = schema.get("properties") instanceof Map<?, ?> p ? p : Map.of();
        if (schema.get("required") instanceof List<?> required) {
            required.stream().filter(r -> !object.containsKey(r)).forEach(r -> out.add("'" + r + "' is required"));
        }
        for (Map.Entry<?, ?> e : object.entrySet()) {
            if (!(properties.get(e.getKey()) instanceof Map<?, ?> property)) {
                if (Boolean.FALSE.equals(schema.get("additionalProperties"))) {
                    out.add("unknown argument '" + e.getKey() + "' (known: " + String.join(", ", properties.keySet().stream().map(String::valueOf).toList()) + ")");
                }
                continue;
            }
            Object type = property.get("type");
            if (type != null && !hasType(e.getValue(), String.valueOf(type))) {
                out.add("'" + e.getKey() + "' must be " + type);
            }
        }
        return out;
    }

    private static boolean hasType(Object v, String type) {
        return switch (type) {
            case "string" -> v instanceof String;
            case "boolean" -> v instanceof Boolean;
            case "integer" -> v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue());
            case "number" -> v instanceof Number;
            case "object" -> v instanceof Map;
            case "array" -> v instanceof List;
            default -> true;
        };
    }
}
