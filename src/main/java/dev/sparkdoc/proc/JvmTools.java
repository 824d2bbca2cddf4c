package dev.sparkdoc.proc;

import dev.sparkdoc.model.HeapHistogram;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local JVM's heap histogram and thread dump through the JDK's attach mechanism, by its
 * {@code jcmd} (the one beside the running Java, else the PATH's). Attaching works for a JVM of
 * the same user only, and each command pauses the JVM: a histogram for a full collection, a
 * dump for a safepoint. Callers ask the user first.
 */
public final class JvmTools {

    /** A histogram of a large heap takes a full GC: seconds, not minutes. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** A dump of thousands of threads or a histogram of 30,000 classes is a few MB. */
    static final int MAX_OUTPUT_BYTES = 64 << 20;
    private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)(?:\\s+\\(.*\\))?\\s*$");
    private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");

    private JvmTools() {
    }

    /** The live objects of JVM {@code pid} by class, largest first. */
    public static HeapHistogram histogram(long pid) {
        return parseHistogram(pid, run(pid, "GC.class_histogram"));
    }

    /**
     * Why a heap histogram or dump of {@code pid} cannot be taken from here (no such process,
     * another user's, not a HotSpot JVM, no jcmd), or empty when it can. Sends no signal: the
     * live view asks this at every poll to offer its heap key only when pressing it can work.
     */
    public static Optional<String> whyNotAttachable(long pid) {
        try {
            refuseWhatIsNotOurJvm(pid);
        } catch (JvmToolException e) {
            return Optional.of(e.getMessage());
        }
        return jcmd().isPresent() ? Optional.empty()
                : Optional.of("no jcmd here: it comes with a JDK (not a JRE); install one, or use the sparkdoc-*-linux-x64 release");
    }

    /** The thread dump of JVM {@code pid}, as {@code jstack} prints it. */
    public static String threadDump(long pid) {
        return run(pid, "Thread.print");
    }

    static HeapHistogram parseHistogram(long pid, String text) {
        List<HeapHistogram.Entry> entries = new ArrayList<>();
        long instances = 0;
        long bytes = 0;
        for (String line : text.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                entries.add(new HeapHistogram.Entry(row.group(3), Long.parseLong(row.group(1)), Long.parseLong(row.group(2))));
                continue;
            }
            Matcher total = TOTAL.matcher(line.strip());
            if (total.matches()) {
                instances = Long.parseLong(total.group(1));
                bytes = Long.parseLong(total.group(2));
            }
        }
        if (entries.isEmpty()) {
            throw new JvmToolException("jcmd gave no histogram for pid " + pid + ": " + firstLine(text));
        }
        return new HeapHistogram(pid, entries, instances, bytes);
    }

    private static String run(long pid, String command) {
        refuseWhatIsNotOurJvm(pid);
        Path jcmd = jcmd().orElseThrow(() -> new JvmToolException(
                "no jcmd here: it comes with a JDK (not a JRE); install one, or use the sparkdoc-*-linux-x64 release, which brings it"));
        ChildCommand child = new ChildCommand(List.of(jcmd.toString(), Long.toString(pid), command), env -> { }, true, TIMEOUT,
                MAX_OUTPUT_BYTES);
        try {
            ChildCommand.Ran ran = child.run().orElseThrow(() -> new JvmToolException(
                    "jcmd " + pid + " " + command + " did not finish in " + TIMEOUT.toSeconds() + " s"));
            String text = ran.output();
            if (ran.exitCode() != 0 || text.contains("AttachNotSupportedException") || text.contains("Unable to open socket file")) {
                throw new JvmToolException("cannot attach to pid " + pid + ": " + why(text));
            }
            return text;
        } catch (IOException e) {
            throw new JvmToolException("cannot run " + jcmd + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JvmToolException("interrupted while jcmd ran");
        }
    }

    /**
     * Attaching starts with a SIGQUIT to the target, which a JVM takes as "open the attach
     * socket" and any other process as "quit": so only a HotSpot JVM (libjvm.so mapped) of this
     * user is ever attached to, and anything else is refused before a signal is sent.
     */
    static void refuseWhatIsNotOurJvm(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (!Files.isDirectory(proc)) {
            throw new JvmToolException("no process " + pid + " on this machine (see 'sparkdoc ps')");
        }
        try {
            int owner = (Integer) Files.getAttribute(proc, "unix:uid");
            int us = (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            if (owner != us) {
                throw new JvmToolException("cannot attach to pid " + pid + ": it runs as another user (uid " + owner
                        + "); the JDK attaches to a JVM of the same user only: run sparkdoc as that user");
            }
            boolean jvm;
            try (var lines = Files.lines(proc.resolve("maps"))) {
                jvm = lines.anyMatch(l -> l.endsWith("/libjvm.so"));
            }
            if (!jvm) {
                throw new JvmToolException("pid " + pid + " is not a Java process (see 'sparkdoc ps' for the driver's)");
            }
        } catch (IOException | UnsupportedOperationException | java.io.UncheckedIOException e) {
            throw new JvmToolException("cannot tell whether pid " + pid + " is a JVM of this user (" + e.getMessage() + "): not attached");
        }
    }

    /** Why attaching failed, in the user's terms: another user's JVM, not a JVM, attach turned off. */
    private static String why(String text) {
        if (text.contains("No such process") || text.contains("is not a Java process") || text.contains("not found")) {
            return "it is not a running Java process (see 'sparkdoc ps')";
        }
        if (text.contains("Unable to open socket file") || text.contains("Permission denied")) {
            return "it runs as another user, or with -XX:+DisableAttachMechanism: run sparkdoc as the driver's user";
        }
        return firstLine(text);
    }

    static Optional<Path> jcmd() {
        Path beside = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (Files.isExecutable(beside)) {
            return Optional.of(beside);
        }
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "jcmd");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String firstLine(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.matches("\\d+:")).findFirst().orElse("no output");
    }

    /** A heap histogram or thread dump that could not be taken: the message says why and what to do. */
    public static final class JvmToolException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public JvmToolException(String message) {
            super(message);
        }
    }
}
