package dev.sparkdoc.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.signals.FactExamples;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code sparkdoc rules facts}: the catalogue of facts rules can read, as a table or JSON. */
public final class FactTable {

    private FactTable() {
    }

    public static List<String> lines(List<Fact> facts) {
        int nameWidth = Math.max(4, facts.stream().mapToInt(f -> f.name().length()).max().orElse(4));
        int exampleWidth = Math.max(7, facts.stream().mapToInt(f -> example(f).length()).max().orElse(7));
        String format = "%-8s  %-" + nameWidth + "s  %-10s  %-" + exampleWidth + "s  %s";
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, format, "SCOPE", "FACT", "UNIT", "EXAMPLE", "MEANING"));
        for (Fact f : facts) {
            out.add(String.format(Locale.ROOT, format, f.scope().id(), f.name(), f.unit().kind(), example(f), f.meaning()));
        }
        return out;
    }

    public static void writeJson(List<Fact> facts, OutputStream out) throws IOException {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode list = root.putArray("facts");
        for (Fact f : facts) {
            ObjectNode n = list.addObject();
            n.put("name", f.name());
            n.put("scope", f.scope().id());
            n.put("unit", f.unit().id());
            n.put("kind", f.unit().kind());
            n.put("meaning", f.meaning());
            FactExamples.of(f).ifPresent(e -> {
                n.put("example", e.value());
                n.put("exampleFrom", e.from());
            });
        }
        out.write(Json.mapper().writeValueAsString(root).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
    }

    /** Examples are text from event logs: at most 40 characters of it, made terminal-safe. */
    private static String example(Fact f) {
        String v = FactExamples.of(f).map(FactExamples.Example::value).orElse("-");
        return SafeText.line(v.length() > 40 ? v.substring(0, 39) + "…" : v);
    }
}
