package dev.sparkdoc.cli;

import java.util.Optional;

/**
 * An application too big for the heap sparkdoc was given: a target that could not be read here
 * (exit 3), and the fix is a bigger heap, not a stack trace. The error may arrive raw (picocli hands
 * only Exceptions to the error handler) or as the cause of a pool thread's ExecutionException.
 */
final class OutOfMemory {

    private OutOfMemory() {
    }

    static Optional<OutOfMemoryError> in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError oom) {
                return Optional.of(oom);
            }
        }
        return Optional.empty();
    }

    /** One line naming the heap in force and how to give four times as much. */
    static String message() {
        long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
        String more = "-Xmx" + Math.max(1, 4 * maxMiB / 1024) + "g";
        return "out of memory (heap limit " + maxMiB + " MiB) while reading the application; give it more, e.g. SPARKDOC_JAVA_OPTS="
                + more + " sparkdoc … (or java " + more + " -jar sparkdoc.jar …)";
    }
}
