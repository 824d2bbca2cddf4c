package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.Target;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A null anywhere in a REST answer is an absent value: the real answers of a Spark 4.0.1 driver
 * (spark-4.0.1-live) are read with one value nulled at a time, every field and every array element
 * of every endpoint sparkdoc reads (once per field name and place; the elements of one array share
 * their fields), and each read gives a snapshot. A proxy or another implementation of the API may
 * write null where Spark omits a field; an NPE there once ended triage with exit 4.
 */
class NullFieldsTest {

    /** Path ending → the real answer. */
    private static final Map<String, byte[]> ANSWERS = new LinkedHashMap<>();

    static {
        LiveDriverAnswers.ENDPOINTS.forEach(e -> ANSWERS.put(e.getKey(), LiveDriverAnswers.bytes(e.getValue())));
    }

    /**
     * Values without which there is nothing to read, where a one-line error (exit 3) is the right
     * answer: the application, its id and its attempt, and the lists a snapshot is made of.
     */
    private static final Map<String, List<String>> NEEDED = Map.of(
            "/applications", List.of("", "/0", "/0/id", "/0/attempts", "/0/attempts/0"),
            "/jobs", List.of(""), "/stages", List.of(""), "/allexecutors", List.of(""));

    private static HttpServer server;
    private static volatile String nulledEndpoint = "";
    private static volatile byte[] nulledBody = new byte[0];

    /**
     * The JDK's server, not MockWebServer: that one writes an answer's head and body apart and,
     * with Nagle's algorithm meeting the client's delayed ACK, every answer takes 40 ms; some 400
     * reads of 15 requests each would take minutes.
     */
    @BeforeAll
    static void start() throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getRawPath();
                Optional<String> endpoint = ANSWERS.keySet().stream().filter(path::endsWith).findFirst();
                byte[] body = endpoint.map(e -> e.equals(nulledEndpoint) ? nulledBody : ANSWERS.get(e))
                        .orElse("no such path".getBytes(StandardCharsets.UTF_8));
                exchange.getResponseHeaders().set("Content-Type", endpoint.isPresent() ? "application/json" : "text/plain");
                exchange.sendResponseHeaders(endpoint.isPresent() ? 200 : 404, body.length);
                exchange.getResponseBody().write(body);
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @Test
    void everyValueNulledInTurnStillReads() {
        List<String> failures = new ArrayList<>();
        int reads = 0;

        for (Map.Entry<String, byte[]> endpoint : ANSWERS.entrySet()) {
            JsonNode answer = tree(endpoint.getValue());
            for (JsonPointer at : firstOfEachPlace(answer)) {
                nulledEndpoint = endpoint.getKey();
                nulledBody = nulled(answer, at).toString().getBytes(StandardCharsets.UTF_8);
                reads++;
                String problem = read();
                boolean allowed = NEEDED.getOrDefault(endpoint.getKey(), List.of()).contains(at.toString())
                        && problem.startsWith("SourceException");
                if (!problem.isEmpty() && !allowed) {
                    failures.add(endpoint.getKey() + " " + (at.matches() ? "(whole answer)" : at) + ": " + problem);
                }
            }
        }
        System.err.printf("NullFieldsTest: %d reads, each with one value nulled; %d failed%n", reads, failures.size());
        assertThat(failures).isEmpty();
    }

    /** "" for a snapshot, else the exception's class and first line. */
    private static String read() {
        Target target = new Target.Http(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"));
        try (RestSource source = new RestSource(target, AppSelector.ANY, HttpOptions.DEFAULT)) {
            source.read();
            return "";
        } catch (SourceException e) {
            return "SourceException: " + e.getMessage();
        } catch (RuntimeException e) {
            return e.toString();
        }
    }

    /** One pointer per place a value sits: every field, every array's first element, in each first element of an array. */
    private static List<JsonPointer> firstOfEachPlace(JsonNode root) {
        List<JsonPointer> out = new ArrayList<>();
        collect(root, JsonPointer.empty(), out);
        return out;
    }

    private static void collect(JsonNode node, JsonPointer at, List<JsonPointer> out) {
        out.add(at);
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                collect(field.getValue(), at.appendProperty(field.getKey()), out);
            }
        } else if (node.isArray() && !node.isEmpty()) {
            // the elements of one array share their fields: the richest one stands for all
            int richest = 0;
            for (int i = 1; i < node.size(); i++) {
                if (node.get(i).size() > node.get(richest).size()) {
                    richest = i;
                }
            }
            collect(node.get(richest), at.appendIndex(richest), out);
        }
    }

    private static JsonNode nulled(JsonNode answer, JsonPointer at) {
        if (at.matches()) {
            return Json.mapper().nullNode();
        }
        JsonNode copy = answer.deepCopy();
        JsonNode parent = copy.at(at.head());
        if (parent instanceof ObjectNode object) {
            object.putNull(at.last().getMatchingProperty());
        } else if (parent instanceof ArrayNode array) {
            array.set(at.last().getMatchingIndex(), Json.mapper().nullNode());
        }
        return copy;
    }

    private static JsonNode tree(byte[] json) {
        try {
            return Json.mapper().readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
