package dev.sparkdoc.explain;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM's or container's exit code means, and whether it proves a memory problem. 137 is
 * SIGKILL: the kernel's or the cluster manager's OOM killer, but just as well preemption or a
 * lost node, so it is memory only when the text also says so.
 */
public final class ExitCodes {

    private static final Pattern CODE = Pattern.compile(
            "(?i)(?:exit (?:code|status)(?: is|:)? ?|exited with (?:exit )?code |exitCode[=:] ?)(-?\\d{1,3})\\b");
    private static final Pattern MEMORY_WORDS = Pattern.compile(
            "(?i)exceeding (?:physical |virtual )?memory limits|OOMKilled|OutOfMemoryError|beyond (?:the )?(?:physical|virtual) memory"
                    + "|memory limit|possible container OOM");
    private static final Pattern LOST_NODE = Pattern.compile(
            "(?i)\\[lost node]|container killed on request|preempt|decommission|node (?:was )?lost|lost (?:the )?node|spot");

    private ExitCodes() {
    }

    /** The exit code a line names ("Exit code is 137", "exit status: 143", "exited with code 52"). */
    public static Optional<Integer> find(String text) {
        Matcher m = CODE.matcher(text);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }

    /** Memory evidence in words, beyond an exit code: a limit exceeded, OOMKilled, OutOfMemoryError. */
    public static boolean namesMemory(String text) {
        return MEMORY_WORDS.matcher(text).find();
    }

    /** Preemption, a lost node or decommissioning: the executor died through no fault of its own. */
    public static boolean namesNodeLoss(String text) {
        return LOST_NODE.matcher(text).find();
    }

    /** The meaning of an exit code, in words; YARN's negative codes are its own container states. */
    public static String meaning(int code) {
        return switch (code) {
            case 52 -> "exit 52: the JVM ran out of memory (Spark's OutOfMemoryError handler)";
            case 50 -> "exit 50: an uncaught exception in the executor";
            case 53 -> "exit 53: the executor could not create its local directories";
            case 134 -> "exit 134: SIGABRT, the JVM aborted (a native crash: look for an hs_err_pid file)";
            case 137 -> "exit 137: SIGKILL, killed from outside (an OOM killer, or preemption and node loss: read the reason)";
            case 143 -> "exit 143: SIGTERM, stopped from outside (preemption, decommissioning, dynamic allocation, or a kill)";
            case 1 -> "exit 1: the JVM failed (read the lines before it)";
            case -100 -> "YARN -100: the container was released (its node was lost or decommissioned)";
            case -102 -> "YARN -102: the container was preempted";
            case -103 -> "YARN -103: the container exceeded its virtual memory limit";
            case -104 -> "YARN -104: the container exceeded its physical memory limit";
            default -> "exit " + code;
        };
    }

    /** Whether an exit code with its text proves memory: 52, YARN's -103/-104, or 137/143 with memory words. */
    public static boolean isMemory(int code, String text) {
        return switch (code) {
            case 52, -103, -104 -> true;
            default -> namesMemory(text) && !text.toLowerCase(Locale.ROOT).contains("[lost node]");
        };
    }
}
