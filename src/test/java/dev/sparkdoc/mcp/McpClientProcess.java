package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.cli.Main;
import dev.sparkdoc.json.Json;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code sparkdoc mcp} as an assistant runs it: a child JVM on the test class path, driven over
 * its standard input and output by the MCP SDK's own client.
 */
public final class McpClientProcess implements AutoCloseable {

    /** A whole triage of a real log, twice over, on a machine three times slower than this one. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(180);

    public final McpSyncClient client;

    private McpClientProcess(McpSyncClient client) {
        this.client = client;
    }

    public static McpClientProcess start(Map<String, String> env, String... options) {
        List<String> args = new ArrayList<>(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "mcp"));
        args.addAll(List.of(options));
        ServerParameters server = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(args).env(env).build();
        McpSyncClient client = McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(new ObjectMapper())))
                .requestTimeout(REQUEST_TIMEOUT).initializationTimeout(REQUEST_TIMEOUT)
                .jsonSchemaValidator(new ArgumentSchemaCheck()).build();
        client.initialize();
        return new McpClientProcess(client);
    }

    public CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new CallToolRequest(tool, arguments));
    }

    /** The one text of an answer: the JSON, or an error's line. */
    public static String text(CallToolResult result) {
        return ((TextContent) result.content().get(0)).text();
    }

    public static JsonNode json(CallToolResult result) {
        try {
            return Json.mapper().readTree(text(result));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
