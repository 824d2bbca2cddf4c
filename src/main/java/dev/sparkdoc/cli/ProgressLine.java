package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.LogFleet;
import dev.sparkdoc.report.FleetProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fleet's progress line on stderr, only when stderr is a terminal; at most five times a second. */
final class ProgressLine implements LogFleet.Progress {

    private final boolean on;
    private final long started = System.nanoTime();
    private long lastPrinted;

    private ProgressLine(boolean on) {
        this.on = on;
    }

    static ProgressLine onStderr() {
        return new ProgressLine(stderrIsTerminal());
    }

    @Override
    public synchronized void update(int done, int total) {
        long now = System.nanoTime();
        if (!on || (now - lastPrinted < 200_000_000L && done < total)) {
            return;
        }
        lastPrinted = now;
        System.err.print("\r\033[K" + FleetProgress.line(done, total, (now - started) / 1_000_000));
        System.err.flush();
    }

    synchronized void clear() {
        if (on) {
            System.err.print("\r\033[K");
            System.err.flush();
        }
    }

    /** Java 17 cannot ask about stderr alone: its descriptor names a terminal device on Linux. */
    private static boolean stderrIsTerminal() {
        try {
            String device = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return System.console() != null;
        }
    }
}
