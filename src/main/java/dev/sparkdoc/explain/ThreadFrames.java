package dev.sparkdoc.explain;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The user's frame in a live thread's stack (a thread dump's frames, innermost first), by the
 * same rule {@code explain} uses for an error's trace: the innermost frame that is not Spark,
 * Scala, the JDK or another library.
 */
public final class ThreadFrames {

    private ThreadFrames() {
    }

    /** The frames that parse, innermost first; @param frames as the JVM prints them, {@code pkg.Class.method(File.java:42)} */
    public static List<StackFrame> parse(List<String> frames) {
        return frames.stream().map(f -> FrameLines.jvm("at " + f.strip())).flatMap(Optional::stream).toList();
    }

    /** Where in {@code frames} the user's frame is: the innermost that is not a library's. */
    public static OptionalInt userFrameIndex(List<StackFrame> frames) {
        for (int i = 0; i < frames.size(); i++) {
            if (!UserFrames.isLibrary(frames.get(i))) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /** Where the user's frame is among the printed frames themselves (a line that does not parse is no one's). */
    public static OptionalInt userLineIndex(List<String> frames) {
        for (int i = 0; i < frames.size(); i++) {
            Optional<StackFrame> f = FrameLines.jvm("at " + frames.get(i).strip());
            if (f.isPresent() && !UserFrames.isLibrary(f.get())) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /** @param frames as the JVM prints them, {@code pkg.Class.method(File.java:42)}, innermost first */
    public static Optional<StackFrame> userFrame(List<String> frames) {
        List<StackFrame> parsed = parse(frames);
        OptionalInt at = userFrameIndex(parsed);
        return at.isPresent() ? Optional.of(parsed.get(at.getAsInt())) : Optional.empty();
    }

    /** The innermost frame that parses, library or not: where the thread is when no user code is on its stack. */
    public static Optional<StackFrame> top(List<String> frames) {
        return parse(frames).stream().findFirst();
    }
}
