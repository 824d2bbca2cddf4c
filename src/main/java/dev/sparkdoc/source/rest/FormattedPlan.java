package dev.sparkdoc.source.rest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operators' expression text in a plan as {@code EXPLAIN FORMATTED} prints it, the REST
 * {@code planDescription} (spark.sql.ui.explainMode, "formatted" by default since Spark 3.1): after
 * the tree, one section per operator, {@code (3) Project [codegen id : 1]} followed by its
 * {@code Output}, {@code Condition}, {@code Functions} lines up to a blank line. The REST node graph
 * has no such text and numbers its nodes differently, so sections are matched to nodes by name and
 * codegen id; operators sharing both (rare) share their text, and their pipeline, so a UDF found in
 * it is charged to the same codegen cluster either way.
 */
final class FormattedPlan {

    private static final Pattern HEADER = Pattern.compile("^\\((\\d+)\\) (.+?)(?: \\[codegen id : (\\d+)])?$");

    private FormattedPlan() {
    }

    /** Key of an operator: its name and codegen id, as the REST node graph has them. */
    static String key(String name, Optional<Long> codegenId) {
        return name + "\u0000" + codegenId.map(String::valueOf).orElse("");
    }

    /** Operator key → its sections' lines, joined by spaces; empty for a plan in another explain mode. */
    static Map<String, String> sections(String plan) {
        Map<String, String> out = new LinkedHashMap<>();
        if (plan == null || plan.isEmpty()) {
            return out;
        }
        String key = null;
        StringBuilder body = new StringBuilder();
        for (String line : plan.split("\n", -1)) {
            Matcher header = HEADER.matcher(line.strip());
            if (header.matches()) {
                flush(out, key, body);
                key = key(header.group(2), Optional.ofNullable(header.group(3)).map(Long::valueOf));
            } else if (line.isBlank()) {
                flush(out, key, body);
                key = null;
            } else if (key != null) {
                body.append(' ').append(line.strip());
            }
        }
        flush(out, key, body);
        return out;
    }

    private static void flush(Map<String, String> out, String key, StringBuilder body) {
        if (key != null && !body.isEmpty()) {
            out.merge(key, body.toString().strip(), (a, b) -> a + " " + b);
        }
        body.setLength(0);
    }
}
