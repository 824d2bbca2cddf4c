package dev.sparkdoc.cli;

import java.io.IOException;
import java.nio.file.Path;

/** Whether standard input is a terminal (a person can answer), not a pipe or a file; tests set {@code sparkdoc.stdin.terminal}. */
final class StdinTerminal {

    private StdinTerminal() {
    }

    static boolean is() {
        String forced = System.getProperty("sparkdoc.stdin.terminal");
        if (forced != null) {
            return Boolean.parseBoolean(forced);
        }
        // System.console() is null unless both stdin and stdout are terminals: 'explain > out.txt' typed at a
        // prompt still waits on the keyboard, so ask about stdin itself (fd 0) where /proc says
        try {
            Path fd0 = Path.of("/proc/self/fd/0").toRealPath();
            return fd0.toString().startsWith("/dev/pts/") || fd0.toString().startsWith("/dev/tty");
        } catch (IOException | RuntimeException e) {
            return System.console() != null;
        }
    }
}
