package dev.sparkdoc.explain;

import java.util.List;
import java.util.ListIterator;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds the user's own frame: the innermost frame that is not Spark, Py4J, Scala, the Java
 * runtime, pyspark or an installed Python package. Starts at the root cause and walks outwards,
 * because a cause's trace is often only library frames (a NotSerializableException is thrown
 * inside java.io; the user's call is in the wrapping "Task not serializable" trace).
 */
final class UserFrames {

    private static final List<String> JVM_LIBRARIES = List.of(
            "org.apache.spark.", "scala.", "java.", "javax.", "jdk.", "sun.", "com.sun.", "py4j.",
            "org.apache.hadoop.", "io.netty.", "org.sparkproject.", "com.esotericsoftware.", "com.twitter.chill.",
            "org.apache.parquet.", "org.apache.orc.", "org.apache.arrow.", "org.apache.avro.", "com.fasterxml.",
            "org.apache.commons.", "org.codehaus.janino.", "org.apache.logging.", "org.slf4j.", "org.apache.ivy.",
            "org.json4s.", "org.apache.hive.", "org.apache.zookeeper.", "org.eclipse.jetty.", "org.glassfish.",
            // Spark 4's servlet API (its UI and REST threads)
            "jakarta.");
    /**
     * pyspark (also zipped on executors), py4j, installed packages and the standard library.
     * PySpark by its own top-level modules and packages (3.5 and 4.0), so a user's folder that
     * happens to be called pyspark ({@code ~/jobs/pyspark/etl.py}) still holds user frames.
     */
    private static final Pattern PYTHON_LIBRARY = Pattern.compile(
            "[/\\\\]pyspark[/\\\\](?:__init__|_globals|_typing|accumulators|broadcast|cloudpickle|conf|context|core|daemon"
                    + "|errors|files|find_spark_home|install|instrumentation_utils|java_gateway|join|logger|ml|mllib|pandas"
                    + "|pipelines|profiler|rdd|rddsampler|resource|resultiterable|serializers|shell|shuffle|sql|statcounter"
                    + "|status|storagelevel|streaming|taskcontext|testing|tests|traceback_utils|util|version|worker|worker_util)"
                    + "(?:\\.py\\b|[/\\\\])|pyspark\\.zip|[/\\\\]py4j[/\\\\]|py4j-[\\d.]+-src\\.zip|site-packages|dist-packages"
                    + "|^<frozen |[/\\\\]lib[/\\\\]python\\d|[/\\\\]Lib[/\\\\]");

    private UserFrames() {
    }

    static Optional<StackFrame> find(ErrorChain chain) {
        List<Thrown> elements = chain.elements();
        for (int i = elements.size() - 1; i >= 0; i--) {
            Optional<StackFrame> f = innermostUserFrame(elements.get(i).frames());
            if (f.isPresent()) {
                return f;
            }
        }
        return Optional.empty();
    }

    static boolean isLibrary(StackFrame f) {
        if (f.python()) {
            return PYTHON_LIBRARY.matcher(f.file()).find();
        }
        String fn = f.function();
        return JVM_LIBRARIES.stream().anyMatch(fn::startsWith);
    }

    /** JVM traces list the innermost frame first, Python tracebacks last. */
    private static Optional<StackFrame> innermostUserFrame(List<StackFrame> frames) {
        ListIterator<StackFrame> it = frames.listIterator(frames.size());
        while (it.hasPrevious()) {
            StackFrame f = it.previous();
            if (f.python() && !isLibrary(f)) {
                return Optional.of(f);
            }
        }
        for (StackFrame f : frames) {
            if (!f.python() && !isLibrary(f)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
