package dev.sparkdoc.explain;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user's own call site in a Spark call-site stack (a stage's or SQL query's {@code details}:
 * one {@code pkg.Class.method(File.scala:42)} frame a line, innermost first). Spark names a stage
 * by the first frame outside Spark, Scala and the JDK; under AQE (Spark 4) the stage is created
 * on a pool thread whose stack holds no user frame, hence "$anonfun$withThreadLocalCaptured$2 at
 * CompletableFuture.java:1768". Frames are judged as {@code explain} judges a stack trace's.
 */
public final class CallSites {

    /** Scala's lambdas ({@code $anonfun$run$1}) and Java's ({@code lambda$run$0}) by the method that holds them. */
    private static final Pattern LAMBDA = Pattern.compile("^(?:\\$anonfun\\$|lambda\\$)([^$]+).*$");

    private CallSites() {
    }

    /**
     * "collectAsList in skewedJoin at SparkWorkloads.java:86": the Spark method the user called,
     * the user's method and where; empty when every frame is a library's.
     */
    public static Optional<String> userCallSite(String details) {
        if (details == null || details.isBlank()) {
            return Optional.empty();
        }
        List<StackFrame> frames = ThreadFrames.parse(List.of(details.split("\n")));
        java.util.OptionalInt user = ThreadFrames.userFrameIndex(frames);
        if (user.isPresent()) {
            int i = user.getAsInt();
            StackFrame f = frames.get(i);
            String called = i > 0 ? method(frames.get(i - 1)) + " in " : "";
            return Optional.of(called + method(f) + " at " + f.location());
        }
        return Optional.empty();
    }

    private static String method(StackFrame f) {
        String fn = f.function();
        String name = fn.substring(fn.lastIndexOf('.') + 1);
        Matcher m = LAMBDA.matcher(name);
        return m.matches() ? m.group(1) : name;
    }
}
