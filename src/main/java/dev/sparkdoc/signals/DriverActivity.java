package dev.sparkdoc.signals;

import dev.sparkdoc.explain.StackFrame;
import dev.sparkdoc.explain.ThreadFrames;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.DriverThread;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the driver does, read from its thread dump the way an engineer reads {@code jstack}: the
 * thread that runs the application's own code (main first), else what main waits for. A driver
 * that waits (for a Spark job, in {@code awaitTermination}, at a REPL prompt, in a sleep of its
 * own) is not busy; a PySpark driver whose JVM only serves Py4J runs its code in Python, which a
 * JVM dump cannot show, and is said to be so rather than guessed at.
 */
record DriverActivity(Kind kind, DriverThread thread, Optional<StackFrame> user, Optional<StackFrame> top) {

    enum Kind {
        /** RUNNABLE (not in an I/O read) or BLOCKED with the app's frame on its stack, or a call from Python running in the JVM. */
        OWN_CODE,
        /** waiting inside Spark: for a job, a query's stages, a stream's end */
        WAITS_IN_SPARK,
        /** the app's own code waiting on a socket or a file */
        WAITS_ON_IO,
        /** the app's own code waiting by choice: a sleep, a latch, a queue */
        WAITS,
        /** the JVM only serves Py4J: the driver's code runs in its Python process */
        PYTHON_SIDE,
        /** a REPL (spark-shell) waiting for its user */
        REPL,
        /** nothing of the app's on main's stack */
        NONE
    }

    /** Top frames of a thread that reads and has nothing to read yet: waiting, although RUNNABLE. */
    private static final List<String> IO_WAITS = List.of("java.net.", "sun.nio.ch.", "java.io.FileInputStream.read",
            "java.io.FileDescriptor.", "sun.nio.fs.", "jdk.internal.misc.Blocker", "java.lang.ProcessImpl.waitFor",
            "java.lang.ProcessHandleImpl.waitFor",
            // a dump can catch a thread entering or leaving a monitor wait or a park still RUNNABLE: it waits
            "java.lang.Object.wait", "jdk.internal.misc.Unsafe.park");
    private static final List<String> REPL_FRAMES = List.of("org.apache.spark.repl.", "scala.tools.nsc.interpreter.", "org.jline.",
            "jline.", "scala.tools.nsc.MainGenericRunner");

    static Optional<DriverActivity> of(DriverDump dump) {
        List<DriverActivity> all = dump.threads().stream().map(DriverActivity::of).toList();
        Optional<DriverActivity> own = all.stream().filter(a -> a.kind() == Kind.OWN_CODE).findFirst();
        if (own.isPresent()) {
            return own;
        }
        Optional<DriverActivity> main = all.stream().filter(a -> a.thread().threadName().equals("main")).findFirst();
        boolean pySpark = dump.threads().stream().anyMatch(t -> t.frames().stream().anyMatch(f -> f.startsWith("py4j.")
                || f.startsWith("org.apache.spark.deploy.PythonRunner") || f.startsWith("org.apache.spark.api.python.PythonGatewayServer")));
        // a call from Python that waits for Spark (a job, a stream's end) is what the driver does: Python waits on it
        Optional<DriverActivity> pythonWaits = all.stream().filter(a -> a.kind() == Kind.WAITS_IN_SPARK)
                .filter(a -> a.thread().frames().stream().anyMatch(f -> f.startsWith("py4j."))).findFirst();
        if (pythonWaits.isPresent()) {
            return pythonWaits;
        }
        if (pySpark) {
            return Optional.of(new DriverActivity(Kind.PYTHON_SIDE, main.map(DriverActivity::thread).orElse(dump.threads().get(0)),
                    Optional.empty(), Optional.empty()));
        }
        if (main.isPresent() && main.get().kind() != Kind.NONE) {
            return main;
        }
        return all.stream().filter(a -> a.kind() != Kind.NONE).findFirst().or(() -> main);
    }

    static DriverActivity of(DriverThread t) {
        Optional<StackFrame> user = ThreadFrames.userFrame(t.frames());
        Optional<StackFrame> top = ThreadFrames.top(t.frames());
        boolean waiting = t.state().equals("WAITING") || t.state().equals("TIMED_WAITING");
        String topLine = t.frames().isEmpty() ? "" : t.frames().get(0);
        Kind kind;
        if (t.frames().stream().anyMatch(f -> f.startsWith("org.eclipse.jetty.") || f.startsWith("org.sparkproject.jetty."))) {
            kind = Kind.NONE; // the UI's own server, answering (among others) the request for this very dump
        } else if (waiting && aboveUser(t.frames()).stream().anyMatch(f -> f.startsWith("org.apache.spark."))) {
            kind = Kind.WAITS_IN_SPARK;
        } else if (t.frames().stream().anyMatch(f -> f.startsWith("py4j.commands.") || f.startsWith("py4j.reflection.MethodInvoker"))) {
            kind = Kind.OWN_CODE;
        } else if (t.frames().stream().anyMatch(DriverActivity::repl) && user.map(u -> repl(u.function())).orElse(true)) {
            kind = Kind.REPL;
        } else if (user.isEmpty()) {
            kind = Kind.NONE;
        } else if (t.state().equals("BLOCKED") || t.state().equals("RUNNABLE") && IO_WAITS.stream().noneMatch(topLine::startsWith)) {
            kind = Kind.OWN_CODE;
        } else if (t.state().equals("RUNNABLE")) {
            kind = Kind.WAITS_ON_IO;
        } else {
            kind = Kind.WAITS;
        }
        return new DriverActivity(kind, t, user, top);
    }

    private static boolean repl(String frame) {
        return REPL_FRAMES.stream().anyMatch(frame::startsWith);
    }

    /** The frames above the user's (what it called), or all of them when it has none. */
    private static List<String> aboveUser(List<String> frames) {
        OptionalInt at = ThreadFrames.userLineIndex(frames);
        return at.isPresent() ? frames.subList(0, at.getAsInt()) : frames;
    }

    /** One line: "main is in Report.build (Report.java:42), RUNNABLE". */
    String text() {
        String name = thread.threadName();
        String state = thread.state() + thread.blockedBy().map(b -> ", waiting for " + b).orElse("");
        return switch (kind) {
            case PYTHON_SIDE -> "the driver's JVM only serves Py4J (" + name + " is " + thread.state()
                    + "): the driver's code runs in its Python process, which a JVM thread dump does not show";
            case REPL -> name + " waits for its user at the REPL prompt";
            case NONE -> name + top.map(f -> " is in Spark's own code, " + TaskThreadText.shortName(f.function()) + " (" + f.location() + ")")
                    .orElse("") + ", " + state;
            case WAITS_IN_SPARK -> name + " waits in Spark's " + sparkCall().orElse("code")
                    + user.map(u -> ", called from " + where(u)).orElse("") + ", " + state;
            case WAITS_ON_IO -> name + " is in " + user.map(DriverActivity::where).orElse("?") + ", waiting on I/O"
                    + top.map(f -> " in " + TaskThreadText.shortName(f.function())).orElse("") + ", " + state;
            case WAITS -> name + " waits in " + user.map(DriverActivity::where).orElse("?") + ", " + state;
            case OWN_CODE -> user.isEmpty()
                    ? name + ", a call from Python, is in " + top.map(DriverActivity::where).orElse("the JVM") + ", " + state
                    : name + " is in " + where(user.get()) + ", " + state + inside();
        };
    }

    /** The innermost frame of Spark's that the thread waits in: DAGScheduler.runJob, StreamExecution.awaitTermination. */
    private Optional<String> sparkCall() {
        return ThreadFrames.parse(aboveUser(thread.frames())).stream().filter(f -> f.function().startsWith("org.apache.spark."))
                .findFirst().map(f -> TaskThreadText.shortName(f.function()));
    }

    /** Where the app's frame called into, when that is not itself: a file listing, a JDBC driver, a HashMap. */
    private String inside() {
        if (top.isEmpty() || user.isEmpty() || top.get().equals(user.get())) {
            return "";
        }
        return ", inside " + where(top.get());
    }

    private static String where(StackFrame f) {
        return TaskThreadText.shortName(f.function()) + " (" + f.location() + ")";
    }
}
