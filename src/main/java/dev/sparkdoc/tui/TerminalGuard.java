package dev.sparkdoc.tui;

import com.googlecode.lanterna.screen.Screen;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Gives the terminal back exactly once, whoever asks first: the normal exit ({@code q}, Ctrl-C),
 * an internal error (try/finally) or the JVM shutting down on SIGTERM (shutdown hook). While the
 * screen is owned, System.out and System.err go to the attach log, so a stray library message
 * cannot scribble over the picture.
 */
final class TerminalGuard implements AutoCloseable {

    private final Screen screen;
    private final PrintStream out;
    private final PrintStream err;
    private final Thread hook;
    private boolean owned;

    TerminalGuard(Screen screen, PrintStream logStream) throws IOException {
        this.screen = screen;
        this.out = System.out;
        this.err = System.err;
        this.hook = new Thread(this::release, "sparkdoc-restore-terminal");
        Runtime.getRuntime().addShutdownHook(hook);
        synchronized (this) {
            screen.startScreen();
            owned = true;
            System.setOut(logStream);
            System.setErr(logStream);
        }
    }

    /** Runs a drawing action only while the screen is still ours. */
    synchronized void whileOwned(IoAction action) throws IOException {
        if (owned) {
            action.run();
        }
    }

    synchronized void release() {
        if (!owned) {
            return;
        }
        owned = false;
        System.setOut(out);
        System.setErr(err);
        try {
            screen.stopScreen();   // leaves the alternate screen, shows the cursor, restores stty
        } catch (IOException | RuntimeException e) {
            err.println("sparkdoc: could not restore the terminal (" + e.getMessage() + "); run 'reset'");
        }
    }

    @Override
    public void close() {
        release();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing to remove
        }
    }

    interface IoAction {
        void run() throws IOException;
    }
}
