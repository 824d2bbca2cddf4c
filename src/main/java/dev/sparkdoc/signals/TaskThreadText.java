package dev.sparkdoc.signals;

import dev.sparkdoc.explain.StackFrame;
import dev.sparkdoc.explain.ThreadFrames;
import dev.sparkdoc.model.TaskThread;
import java.util.Optional;

/**
 * A running task's thread as one line of evidence: "task 812 is in MyParser.parse (MyParser.scala:42),
 * RUNNABLE". With no user frame on the stack, what the JVM is doing instead: waiting on a Python
 * worker (the user's code runs there), or inside Spark (its top frame).
 */
final class TaskThreadText {

    private TaskThreadText() {
    }

    static String of(TaskThread t) {
        String state = t.state() + t.blockedBy().map(b -> ", waiting for " + b).orElse("");
        Optional<StackFrame> user = ThreadFrames.userFrame(t.frames());
        if (user.isPresent()) {
            return "task " + t.taskId() + " is in " + shortName(user.get().function()) + " (" + user.get().location() + "), " + state
                    + ", thread dump at " + t.takenAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        }
        if (t.frames().stream().anyMatch(f -> f.startsWith("org.apache.spark.api.python.") || f.startsWith("org.apache.spark.sql.execution.python."))) {
            return "task " + t.taskId() + " waits on its Python worker, where the Python code runs (the JVM thread is " + state
                    + "; the Processes pane shows the worker), thread dump at " + t.takenAt();
        }
        return ThreadFrames.top(t.frames())
                .map(f -> "task " + t.taskId() + " is in Spark's own code, " + shortName(f.function()) + " (" + f.location() + "), " + state)
                .orElse("task " + t.taskId() + " is " + state) + ", thread dump at " + t.takenAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    }

    /** "com.acme.etl.MyParser.parse" → "MyParser.parse": the file and line say where. */
    static String shortName(String function) {
        int method = function.lastIndexOf('.');
        if (method <= 0) {
            return function;
        }
        int cls = function.lastIndexOf('.', method - 1);
        return function.substring(cls + 1);
    }
}
