package dev.sparkdoc.cli;

/** Exit codes, the same for every command (documented in the README). */
public final class ExitCode {
    /** Nothing at or above the --fail-on level. */
    public static final int OK = 0;
    /** Findings at or above the --fail-on level. */
    public static final int FINDINGS = 1;
    /** {@code rules test}: a case failed (the same 1: something to look at). */
    public static final int CASES_FAILED = 1;
    /** Bad usage: unknown option, nonsense target. */
    public static final int USAGE = 2;
    /**
     * The target could not be read (unreachable, unauthorized, not Spark, unreadable log), or the
     * output could not be written (a full disk, a device or folder given to -o, a missing folder).
     */
    public static final int TARGET_UNREADABLE = 3;
    /** A bug in sparkdoc. */
    public static final int INTERNAL = 4;

    private ExitCode() {
    }
}
