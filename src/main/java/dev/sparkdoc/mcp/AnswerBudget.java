package dev.sparkdoc.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.sparkdoc.json.Json;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Fits an answer into a number of bytes of JSON without cutting the JSON: the largest list is
 * halved from its end (reports list the most important first), or the longest text is halved,
 * until it fits; each cut is named in a top-level {@code "truncated"} list ({@code path}, how many
 * items or characters are {@code shown}, how many {@code more}), so an assistant knows what it
 * did not see. Only an answer that is too large changes.
 */
final class AnswerBudget {

    /** The share of the cap kept for the {@code truncated} list itself. */
    private static final int RESERVE = 1_024;
    /** A text shorter than this is never cut: cutting many short texts says less than dropping items. */
    private static final int SHORTEST_CUT = 200;

    private AnswerBudget() {
    }

    static ObjectNode fit(ObjectNode answer, int maxBytes) {
        if (bytes(answer) <= maxBytes) {
            return answer;
        }
        ObjectNode copy = answer.deepCopy();
        Map<String, Cut> cuts = new LinkedHashMap<>();
        while (bytes(copy) > maxBytes - RESERVE) {
            Largest largest = new Largest();
            largest.visit(copy, "");
            if (largest.node == null) {
                break; // nothing left to cut: only a skeleton of small fields remains
            }
            cut(largest, cuts);
        }
        var list = copy.putArray("truncated");
        cuts.forEach((path, c) -> list.addObject().put("path", path).put("unit", c.unit).put("shown", c.shown).put("more", c.total - c.shown));
        return copy;
    }

    private static void cut(Largest l, Map<String, Cut> cuts) {
        if (l.node instanceof ArrayNode array) {
            int keep = array.size() / 2;
            Cut c = cuts.computeIfAbsent(l.path, p -> new Cut("items", array.size()));
            while (array.size() > keep) {
                array.remove(array.size() - 1);
            }
            c.shown = keep;
        } else {
            String text = l.node.asText();
            Cut c = cuts.computeIfAbsent(l.path, p -> new Cut("characters", text.length()));
            int keep = text.offsetByCodePoints(0, text.codePointCount(0, text.length()) / 2);
            c.shown = keep;
            String cut = text.substring(0, keep) + " …";
            if (l.parent instanceof ObjectNode o) {
                o.set(l.field, TextNode.valueOf(cut));
            } else {
                ((ArrayNode) l.parent).set(l.index, TextNode.valueOf(cut));
            }
        }
    }

    /** JSON on one line: an answer's bytes are an assistant's tokens, indentation buys it nothing. */
    static String compact(JsonNode node) {
        try {
            return Json.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int bytes(JsonNode node) {
        return compact(node).getBytes(StandardCharsets.UTF_8).length;
    }

    /** How much of one list or text is left. */
    private static final class Cut {
        final String unit;
        final int total;
        int shown;

        Cut(String unit, int total) {
            this.unit = unit;
            this.total = total;
            this.shown = total;
        }
    }

    /** The largest non-empty list, or long text, of a tree, by its size as JSON, and where it is. */
    private static final class Largest {
        JsonNode node;
        ContainerNode<?> parent;
        String field;
        int index;
        String path;
        int size;

        void visit(JsonNode n, String at) {
            if (n.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    consider(e.getValue(), (ObjectNode) n, e.getKey(), -1, at + "/" + e.getKey());
                }
            } else if (n.isArray()) {
                for (int i = 0; i < n.size(); i++) {
                    consider(n.get(i), (ArrayNode) n, null, i, at + "/" + i);
                }
            }
        }

        private void consider(JsonNode child, ContainerNode<?> in, String name, int i, String at) {
            boolean cuttable = (child.isArray() && !child.isEmpty()) || (child.isTextual() && child.asText().length() >= SHORTEST_CUT);
            if (cuttable) {
                int s = bytes(child);
                if (s > size) {
                    node = child;
                    parent = in;
                    field = name;
                    index = i;
                    path = at;
                    size = s;
                }
            }
            visit(child, at);
        }
    }
}
