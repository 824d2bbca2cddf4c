package dev.sparkdoc.explain;

import java.util.OptionalInt;

/**
 * One stack frame: a JVM {@code at pkg.Class.method(File.scala:42)} or a Python
 * {@code File "/path/job.py", line 17, in f}.
 *
 * @param file     the source file as printed ("Job.scala", "/home/me/job.py", "<stdin>")
 * @param line     the line number, absent for "Unknown Source" or "Native Method"
 * @param function the method ("com.acme.Job$.main") or Python function ("f", "<lambda>")
 * @param python   true for a Python frame (listed outermost first), false for a JVM frame
 *                 (listed innermost first)
 */
public record StackFrame(String file, OptionalInt line, String function, boolean python) {

    /** "job.py:17" or "Job.scala" when the line is unknown. */
    public String location() {
        return line.isPresent() ? file + ":" + line.getAsInt() : file;
    }
}
