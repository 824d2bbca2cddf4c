package dev.sparkdoc.mcp;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One tool of the server: a thin call of what a command already does, answering the JSON that
 * command prints (or, where the command prints only text, the same content as JSON).
 */
interface SparkdocTool {

    String name();

    /** What the assistant reads to choose the tool: what it answers, and the schema of the answer. */
    String description();

    /** The JSON Schema of the arguments, as text. */
    String inputSchema();

    /** The answer; a {@link ToolError} or a source's error for what the user can fix. */
    JsonNode call(Args args) throws Exception;
}
