package dev.sparkdoc.mcp;

/** A call the user can fix (a bad argument, a missing target): answered as a tool error, one line. */
public final class ToolError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ToolError(String message) {
        super(message);
    }
}
