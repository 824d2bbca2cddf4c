package dev.sparkdoc.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.json.Json;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code sparkdoc mcp}: a Model Context Protocol server on standard input and output, whose tools
 * are the commands' own diagnosis (triage, explain, diff, logs, a stage's detail, a rule), each
 * answer bounded, redacted and within its timeout. It serves until its input ends.
 */
public final class SparkdocMcpServer {

    private SparkdocMcpServer() {
    }

    /** The tools, in the order a client lists them. */
    static List<SparkdocTool> tools(McpSettings settings) {
        List<SparkdocTool> tools = new ArrayList<>(List.of(new TriageTool(settings), new ExplainTool(), new DiffTool(settings),
                new LogsTool(settings), new StageTool(settings), new RuleTool(settings), new FleetReportTool(settings)));
        return tools;
    }

    /**
     * Serves on {@code in} and {@code out} until {@code in} ends. Nothing else may write to
     * {@code out}: the caller points System.out elsewhere first.
     */
    public static void serve(McpSettings settings, InputStream in, OutputStream out) throws InterruptedException {
        McpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
        EndOfInput input = new EndOfInput(in);
        try (CallGuard guard = new CallGuard(settings)) {
            List<SyncToolSpecification> specs = new ArrayList<>();
            TriageTool triage = null;
            Map<String, Object> triageSchema = Map.of();
            for (SparkdocTool tool : tools(settings)) {
                Map<String, Object> schema = schema(tool);
                McpSchema.Tool definition = McpSchema.Tool.builder().name(tool.name()).description(tool.description())
                        .inputSchema(schema).build();
                specs.add(new SyncToolSpecification(definition, (exchange, request) -> guard.run(tool, schema, request.arguments())));
                if (tool instanceof TriageTool t) {
                    triage = t;
                    triageSchema = schema;
                }
            }
            FirstAidPrompt firstAid = new FirstAidPrompt(triage, guard, triageSchema);
            McpSyncServer server = McpServer.sync(new StdioServerTransportProvider(json, input, out))
                    .serverInfo("sparkdoc", settings.version())
                    .jsonMapper(json)
                    // calls run one at a time on the transport's reading thread: the SDK's stdio
                    // transport loses an answer when two calls on pool threads end at once ("Failed
                    // to enqueue message"); the call timeout bounds how long one call holds the next
                    .immediateExecution(true)
                    // arguments are checked by CallGuard, so that a mistake is a tool error in the CLI's words
                    .jsonSchemaValidator(new ArgumentSchemaCheck()).validateToolInputs(false)
                    .capabilities(McpSchema.ServerCapabilities.builder().tools(false).prompts(false).build())
                    .instructions("sparkdoc: first aid for Apache Spark. Start with the triage tool on the application"
                            + " (a driver's host:port, a History Server URL with app, or an event-log path); its findings name"
                            + " rules (rules_show) and stages (stage). explain classifies an error text; diff compares two runs.")
                    .tools(specs)
                    .prompts(new SyncPromptSpecification(FirstAidPrompt.definition(), (exchange, request) -> firstAid.get(request.arguments())))
                    .build();
            input.ended.await();
            server.closeGracefully();
        }
    }

    private static Map<String, Object> schema(SparkdocTool tool) {
        try {
            return Json.mapper().readValue(tool.inputSchema(), new TypeReference<Map<String, Object>>() { });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server's input, which says when it has ended (the client closed it): the server then stops. */
    private static final class EndOfInput extends FilterInputStream {
        final CountDownLatch ended = new CountDownLatch(1);

        EndOfInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            return ended(super.read());
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return ended(super.read(b, off, len));
            } catch (IOException e) {
                ended.countDown();
                throw e;
            }
        }

        private int ended(int n) {
            if (n < 0) {
                ended.countDown();
            }
            return n;
        }
    }
}
