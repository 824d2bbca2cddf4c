package dev.sparkdoc.explain;

import java.util.List;
import java.util.Optional;

/**
 * The user's frame in a live thread's stack (a thread dump's frames, innermost first), by the
 * same rule {@code explain} uses for an error's trace: the innermost frame that is not Spark,
 * Scala, the JDK or another library.
 */
public final class ThreadFrames {

    private ThreadFrames() {
    }

    /** @param frames as the JVM prints them, {@code pkg.Class.method(File.java:42)}, innermost first */
    public static Optional<StackFrame> userFrame(List<String> frames) {
        return frames.stream().map(f -> FrameLines.jvm("at " + f)).flatMap(Optional::stream)
                .filter(f -> !UserFrames.isLibrary(f)).findFirst();
    }

    /** The innermost frame that parses, library or not: where the thread is when no user code is on its stack. */
    public static Optional<StackFrame> top(List<String> frames) {
        return frames.stream().map(f -> FrameLines.jvm("at " + f)).flatMap(Optional::stream).findFirst();
    }
}
