package dev.sparkdoc.source;

/**
 * How a user raises one of the readers' memory bounds (a JVM system property such as
 * {@code sparkdoc.rest.maxResponseBytes}): through {@code SPARKDOC_JAVA_OPTS}, which both
 * launchers (scripts/sparkdoc, the release's bin/sparkdoc) pass to the JVM. A bare
 * {@code -Dsparkdoc.…} reads as an option of sparkdoc itself, which it is not.
 */
public final class ReadBounds {

    private ReadBounds() {
    }

    /** {@code SPARKDOC_JAVA_OPTS=-Dsparkdoc.x=<bytes> sparkdoc …}: the command line that raises {@code property}. */
    public static String raise(String property, String placeholder) {
        return "SPARKDOC_JAVA_OPTS=-D" + property + "=" + placeholder + " sparkdoc …";
    }
}
