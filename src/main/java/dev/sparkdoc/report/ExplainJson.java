package dev.sparkdoc.report;

import dev.sparkdoc.firstaid.Remedy;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.StackFrame;
import dev.sparkdoc.explain.Thrown;
import dev.sparkdoc.rules.Finding;
import java.util.List;

/**
 * {@code sparkdoc explain --json}. The names are a contract: {@code errors[]} of {exception,
 * message, userFrame {file, line}, family, title, remedies[] {text, conf, code}, docs}, root
 * cause first. More fields may be added; none is renamed.
 */
public final class ExplainJson {

    private static final ObjectMapper MAPPER = dev.sparkdoc.json.Json.safeForTerminals(new ObjectMapper())
            .enable(SerializationFeature.INDENT_OUTPUT);

    private ExplainJson() {
    }

    public static String render(List<ExplainedError> errors, boolean truncated) {
        ObjectNode root = MAPPER.createObjectNode();
        ArrayNode list = root.putArray("errors");
        errors.forEach(e -> error(list.addObject(), e));
        root.put("inputTruncated", truncated);
        try {
            return MAPPER.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    private static void error(ObjectNode o, ExplainedError e) {
        o.put("exception", e.exception());
        o.put("message", e.message());
        if (e.userFrame().isPresent()) {
            StackFrame f = e.userFrame().get();
            ObjectNode uf = o.putObject("userFrame");
            uf.put("file", f.file());
            if (f.line().isPresent()) {
                uf.put("line", f.line().getAsInt());
            } else {
                uf.putNull("line");
            }
            uf.put("function", f.function());
        } else {
            o.putNull("userFrame");
        }
        o.put("family", e.family());
        o.put("title", e.title());
        ArrayNode remedies = o.putArray("remedies");
        e.remedies().forEach(r -> remedy(remedies.addObject(), r));
        o.put("docs", e.docs());
        e.errorClass().ifPresentOrElse(c -> o.put("errorClass", c), () -> o.putNull("errorClass"));
        o.put("pattern", e.pattern());
        o.put("confidence", e.confidence());
        o.put("occurrences", e.occurrences());
        o.put("line", e.firstLine());
        o.put("summary", e.summary());
        ArrayNode chain = o.putArray("chain");
        for (Thrown t : e.chain()) {
            ObjectNode c = chain.addObject();
            c.put("exception", t.exception());
            c.put("message", t.message());
        }
    }

    private static void remedy(ObjectNode o, Remedy r) {
        o.put("text", r.text());
        ObjectNode conf = o.putObject("conf");
        r.conf().forEach(conf::put);
        r.code().ifPresentOrElse(c -> o.put("code", c), () -> o.putNull("code"));
    }
}
