package dev.sparkdoc.proc;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One operating-system process as read at one moment. The command line is already redacted
 * (see {@link dev.sparkdoc.redact.CommandLineRedaction}): nothing secret is kept in memory past the sampler.
 *
 * @param state      the kernel's state letter(s): R running, S sleeping, D disk wait, Z zombie …
 * @param startTime  when the process started; empty when the platform does not say
 * @param threads    empty when the platform does not say (macOS ps has no thread count)
 * @param rssBytes   resident memory; empty when the kernel does not say (a zombie, a kernel thread)
 * @param cpuTimeMs  user + system CPU time consumed so far (utime + stime), in milliseconds
 * @param command    the redacted argument vector (argv[0] first)
 */
public record ProcessInfo(
        long pid,
        long ppid,
        String user,
        String state,
        Optional<Instant> startTime,
        OptionalInt threads,
        OptionalLong rssBytes,
        long cpuTimeMs,
        List<String> command) {

    public ProcessInfo {
        command = List.copyOf(command);
    }

    /** A process whose thread count and RSS are both known. */
    public ProcessInfo(long pid, long ppid, String user, String state, Optional<Instant> startTime, int threads,
                       long rssBytes, long cpuTimeMs, List<String> command) {
        this(pid, ppid, user, state, startTime, OptionalInt.of(threads), OptionalLong.of(rssBytes), cpuTimeMs, command);
    }

    /** RSS for sums: an unknown size adds nothing (it is shown as unknown on its own row). */
    public long rssOrZero() {
        return rssBytes.orElse(0);
    }

    /** The command line as {@code ps} shows it, redacted. */
    public String commandLine() {
        return String.join(" ", command);
    }

    /** The program's file name without its folder: "java", "python3.11". */
    public String executable() {
        if (command.isEmpty()) {
            return "";
        }
        String first = command.get(0);
        int space = first.indexOf(' ');
        String path = space < 0 ? first : first.substring(0, space);
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public Optional<Duration> age(Instant now) {
        return startTime.map(t -> Duration.between(t, now)).filter(d -> !d.isNegative());
    }

    /** A zombie (Z) or dead (X): the process has ended, only its parent has not collected it yet. */
    public boolean exited() {
        return state.startsWith("Z") || state.startsWith("X");
    }

    /** Same process in two samples: the pid alone may have been reused. */
    public boolean sameProcessAs(ProcessInfo other) {
        return pid == other.pid && startTime.equals(other.startTime);
    }
}
