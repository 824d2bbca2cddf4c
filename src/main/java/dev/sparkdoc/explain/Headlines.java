package dev.sparkdoc.explain;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises the line that names an exception ("java.lang.ArithmeticException: / by zero",
 * "Caused by: …", Py4J's ": java.lang.NullPointerException", a traceback's last line) and the
 * exceptions Spark embeds in messages (a task's failure inside "Job aborted due to stage
 * failure", the cause inside Spark 4's {@code [FAILED_EXECUTE_UDF]}).
 */
final class Headlines {

    /** RAPIDS' GPU and host OOMs (com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM …) end in "OOM". */
    static final String QUALIFIED = "(?:[A-Za-z_][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Throwable|OOM)";
    private static final String UNQUALIFIED = "[A-Z]\\w*(?:Exception|Error|Exit|Interrupt)";
    /** TaskSetManager prints repeats as {@code java.lang.ArithmeticException (/ by zero) [duplicate 1]}. */
    private static final String TAIL = "(?::[ \\t]?(.*)|[ \\t]\\((.*)\\) \\[duplicate \\d+])?\\s*$";
    private static final Pattern AT_START = Pattern.compile(
            "^\\s*(Caused by:\\s*|:\\s+|Exception in thread \"[^\"]*\"\\s+)?(" + QUALIFIED + ")" + TAIL);
    private static final Pattern PY_AT_START = Pattern.compile("^(" + UNQUALIFIED + ")" + TAIL);
    private static final Pattern EMBEDDED = Pattern.compile("(?<![\\w.$])(" + QUALIFIED + ")(?=:\\s|:$|\\s\\()");
    /**
     * Spark's task failure text: "Lost task 3.3 in stage 5.0 (TID 42) (10.0.0.5 executor 2): reason"
     * (3.x/4.x), "(TID 9, host, executor 2): reason" (2.x), "… on host, executor 2: reason" (repeats).
     */
    private static final Pattern LOST_TASK = Pattern.compile(
            "Lost task \\S+ in stage \\S+ \\(TID \\d+[^)]*\\)(?: \\([^)]*\\)| on [^:]*)?: (.+)$");
    /** Task end reasons that are not exceptions: ExecutorLostFailure, FetchFailed(…), TaskKilled, TaskResultLost … */
    private static final Pattern TASK_REASON = Pattern.compile("^([A-Z]\\w*(?:Failure|Failed|Killed|Lost|Denied))\\b\\s*(.*)$");
    private static final Pattern ERROR_CLASS = Pattern.compile("^\\[([A-Z][A-Z0-9_]*(?:\\.[A-Z0-9_]+)*)]");
    private static final Pattern SQLSTATE = Pattern.compile("\\s*SQLSTATE: [0-9A-Z]{5}\\s*;?\\s*$");

    private Headlines() {
    }

    /** How a headline was introduced. */
    enum Lead { NONE, CAUSED_BY, PY4J_CAUSE, THREAD }

    record Headline(String exception, String message, Lead lead, boolean bare) {
    }

    /** A JVM or qualified Python exception at the start of a line. */
    static Optional<Headline> qualified(String line) {
        if (!mayHoldException(line)) {
            return Optional.empty();
        }
        Matcher m = AT_START.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        String lead = m.group(1) == null ? "" : m.group(1).trim();
        Lead kind = lead.isEmpty() ? Lead.NONE
                : lead.startsWith("Caused") ? Lead.CAUSED_BY
                : lead.startsWith(":") ? Lead.PY4J_CAUSE : Lead.THREAD;
        return Optional.of(new Headline(m.group(2), message(m.group(3), m.group(4)), kind, m.group(3) == null && m.group(4) == null));
    }

    /** A Python exception without a package ("ZeroDivisionError: division by zero", "PythonException: "). */
    static Optional<Headline> python(String line) {
        if (!mayHoldException(line)) {
            return Optional.empty();
        }
        Matcher m = PY_AT_START.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new Headline(m.group(1), message(m.group(2), m.group(3)), Lead.NONE, m.group(2) == null && m.group(3) == null));
    }

    /** The exception a message wraps: a task's failure reason first, else the first exception named in it. */
    static Optional<Thrown> embedded(String message) {
        Matcher lost = LOST_TASK.matcher(message);
        if (lost.find()) {
            String reason = lost.group(1).trim();
            Optional<Headline> h = qualified(reason);
            if (h.isPresent()) {
                return Optional.of(thrown(h.get(), Thrown.Origin.JVM));
            }
            Matcher r = TASK_REASON.matcher(reason);
            // speculation and cancelled stages kill tasks on purpose: not an error to explain
            if (r.matches() && !r.group(1).equals("TaskKilled") && !r.group(1).equals("TaskCommitDenied")) {
                return Optional.of(new Thrown(r.group(1), clean(r.group(2)), Optional.empty(), java.util.List.of(), Thrown.Origin.TASK_REASON));
            }
        }
        if (!mayHoldException(message)) {
            return Optional.empty();
        }
        Matcher m = EMBEDDED.matcher(message);
        if (m.find()) {
            return qualified(message.substring(m.start())).map(h -> thrown(h, Thrown.Origin.JVM));
        }
        return Optional.empty();
    }

    static Thrown thrown(Headline h, Thrown.Origin origin) {
        return new Thrown(h.exception(), h.message(), errorClass(h.message()), java.util.List.of(), origin);
    }

    static Optional<String> errorClass(String message) {
        Matcher m = ERROR_CLASS.matcher(message);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Trims a message and drops Spark 3.4+'s trailing {@code SQLSTATE: 22012}. */
    static String clean(String message) {
        if (message == null) {
            return "";
        }
        return SQLSTATE.matcher(message.strip()).replaceFirst("").strip();
    }

    private static String message(String colon, String duplicate) {
        return clean(colon != null ? colon : duplicate);
    }

    /** A cheap test before the regexes: most log lines name no exception at all. */
    private static boolean mayHoldException(String line) {
        return line.contains("Exception") || line.contains("Error") || line.contains("Throwable")
                || line.contains("Exit") || line.contains("Interrupt") || line.contains("OOM");
    }
}
