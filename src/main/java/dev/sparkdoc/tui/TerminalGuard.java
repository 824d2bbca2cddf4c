package dev.sparkdoc.tui;

import com.googlecode.lanterna.screen.Screen;
import java.io.IOException;
import java.io.PrintStream;

/**
 * Gives the terminal back exactly once, whoever asks first: the normal exit ({@code q}, Ctrl-C),
 * an internal error (try/finally) or the JVM shutting down on SIGTERM or SIGINT (shutdown hooks,
 * ours and Lanterna's, which {@link GuardedTerminal} makes wait for each other). While the screen
 * is owned, System.out and System.err go to the attach log, so a stray library message cannot
 * scribble over the picture. "Could not restore the terminal" is said only when writing to it
 * really failed.
 */
final class TerminalGuard implements AutoCloseable {

    private final Screen screen;
    private final GuardedTerminal terminal;
    private final PrintStream out;
    private final PrintStream err;
    private final Thread hook;
    private boolean owned;

    TerminalGuard(Screen screen, GuardedTerminal terminal, PrintStream logStream) throws IOException {
        this.screen = screen;
        this.terminal = terminal;
        this.out = System.out;
        this.err = System.err;
        // no input is drained here: the UI thread may still be reading it
        this.hook = new Thread(() -> release(false), "sparkdoc-restore-terminal");
        Runtime.getRuntime().addShutdownHook(hook);
        synchronized (this) {
            screen.startScreen();
            owned = true;
            System.setOut(logStream);
            System.setErr(logStream);
        }
    }

    /** Runs a drawing action only while the screen is still ours. */
    void whileOwned(GuardedTerminal.IoAction action) throws IOException {
        terminal.whileOwned(action);
    }

    /** {@code drainInput}: swallow keys typed meanwhile, so they do not reach the shell (only the UI thread may). */
    private synchronized void release(boolean drainInput) {
        if (!owned) {
            return;
        }
        owned = false;
        System.setOut(out);
        System.setErr(err);
        try {
            if (drainInput) {
                screen.stopScreen();   // drains input, leaves the alternate screen, shows the cursor
            }
            terminal.restore();        // the same, once, and the tty settings (echo, line mode) as they were
        } catch (IOException | RuntimeException e) {
            err.println("sparkdoc: could not restore the terminal (" + e.getMessage() + "); run 'reset'");
        }
    }

    @Override
    public void close() {
        release(true);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            // Lanterna's own close removes its shutdown hook; there is nothing left for it to do
            terminal.close();
        } catch (IllegalStateException shuttingDown) {
            // the hooks are running or have run: they find the terminal given back
        } catch (IOException e) {
            err.println("sparkdoc: could not close the terminal (" + e.getMessage() + ")");
        }
    }
}
