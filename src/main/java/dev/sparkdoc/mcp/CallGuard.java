package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.TargetException;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one tool call within the call timeout and turns what happened into the answer: the JSON,
 * fitted to the size cap, or a tool error ({@code isError}) with the one line the CLI would print.
 * A call that overruns is answered at its timeout and its thread interrupted; the server goes on.
 */
final class CallGuard implements AutoCloseable {

    private final McpSettings settings;
    /** Daemon threads: a read stuck in a system call never keeps the server from ending with its input. */
    private final ExecutorService calls = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sparkdoc-mcp-call");
        t.setDaemon(true);
        return t;
    });

    CallGuard(McpSettings settings) {
        this.settings = settings;
    }

    CallToolResult run(SparkdocTool tool, Map<String, Object> schema, Map<String, Object> arguments) {
        var problems = ArgumentSchemaCheck.problems(schema, arguments == null ? Map.of() : arguments);
        if (!problems.isEmpty()) {
            return error(tool.name() + ": " + String.join("; ", problems));
        }
        Future<JsonNode> call = calls.submit(() -> tool.call(new Args(arguments)));
        try {
            return answer(call.get(settings.callTimeout().toMillis(), TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            call.cancel(true);
            return error(tool.name() + ": no answer within " + settings.callTimeout().toSeconds()
                    + " s (the call timeout): the target is slow or does not answer; try again, or start the server with a larger --call-timeout");
        } catch (ExecutionException e) {
            return error(message(e.getCause()));
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            return error(tool.name() + ": the call was cancelled");
        }
    }

    /** The answer as structured content and, for clients that read only text, the same JSON as text. */
    CallToolResult answer(JsonNode json) {
        ObjectNode fitted = AnswerBudget.fit((ObjectNode) json, settings.maxAnswerBytes());
        return CallToolResult.builder().structuredContent(Json.mapper().convertValue(fitted, Map.class))
                .addTextContent(AnswerBudget.compact(fitted)).isError(false).build();
    }

    static CallToolResult error(String line) {
        return CallToolResult.builder().addTextContent(line).isError(true).build();
    }

    /**
     * The one line the CLI's error handler prints for {@code ex} (without its "sparkdoc: "): the
     * message of what the user can fix, else an internal error to report. Redacted, and safe for a
     * terminal: an assistant may echo it.
     */
    String message(Throwable ex) {
        String message;
        if (outOfMemory(ex)) {
            message = "out of memory (heap limit " + (Runtime.getRuntime().maxMemory() >> 20) + " MiB) while reading the application;"
                    + " start the server with a bigger heap, e.g. SPARKDOC_JAVA_OPTS=-Xmx4g";
        } else if (ex instanceof ToolError || ex instanceof SourceException || ex instanceof TargetException
                || ex instanceof DataFileException || ex instanceof IOException || ex instanceof UncheckedIOException) {
            message = ex.getMessage();
        } else {
            message = "internal error: " + ex + " (please report it; start the server with --verbose for details)";
        }
        if (settings.verbose()) {
            StringWriter trace = new StringWriter();
            ex.printStackTrace(new PrintWriter(trace));
            System.err.print(SafeText.clean(Redaction.text(trace.toString())));
        }
        return SafeText.line(SafeText.capped(Redaction.text(String.valueOf(message)), 2_000));
    }

    private static boolean outOfMemory(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        calls.shutdownNow();
    }
}
