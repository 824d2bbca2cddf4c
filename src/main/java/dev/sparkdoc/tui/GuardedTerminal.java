package dev.sparkdoc.tui;

import com.googlecode.lanterna.terminal.ansi.UnixTerminal;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;

/**
 * Lanterna's Unix terminal, safe to give back from several threads at once. Lanterna registers a
 * shutdown hook of its own that leaves the alternate screen and restores the tty settings; on
 * SIGTERM or SIGINT the JVM runs it at the same time as {@link TerminalGuard}'s, so both found the
 * screen private, one left it and the other failed ("Cannot call exitPrivateMode() when not in
 * private mode") and said the terminal could not be restored, which was false. Here leaving the
 * alternate screen and restoring the settings each happen once, under one lock, whoever comes
 * first; drawing takes the same lock, so nothing is drawn on the shell's screen afterwards.
 */
final class GuardedTerminal extends UnixTerminal {

    private final Object lock = new Object();
    private boolean privateMode;
    /** Read by {@link #keyStrokeSignalsEnabled}, which Lanterna's constructor calls before {@link #lock} exists. */
    private volatile boolean restored;

    GuardedTerminal(InputStream in, OutputStream out, Charset charset) throws IOException {
        // Ctrl-C arrives as a key: sparkdoc quits through the same path as q
        super(in, out, charset, CtrlCBehaviour.TRAP);
    }

    @Override
    public void enterPrivateMode() throws IOException {
        synchronized (lock) {
            if (!privateMode && !restored) {
                super.enterPrivateMode();
                privateMode = true;
            }
        }
    }

    @Override
    public void exitPrivateMode() throws IOException {
        synchronized (lock) {
            if (privateMode) {
                privateMode = false;
                super.exitPrivateMode();
            }
        }
    }

    @Override
    protected void restoreTerminalSettings() throws IOException {
        synchronized (lock) {
            if (!restored) {
                restored = true;
                super.restoreTerminalSettings();
            }
        }
    }

    /**
     * After the saved settings are back, Lanterna would also set the interrupt key to ^C: the
     * saved settings have the user's own already.
     */
    @Override
    protected void keyStrokeSignalsEnabled(boolean enabled) throws IOException {
        if (!(enabled && restored)) {
            super.keyStrokeSignalsEnabled(enabled);
        }
    }

    /** Leaves the alternate screen and puts back the tty settings saved at the start; later calls do nothing. */
    void restore() throws IOException {
        synchronized (lock) {
            try {
                exitPrivateMode();
            } finally {
                restoreTerminalSettings();
            }
        }
    }

    /** Runs a drawing action only while the alternate screen is still ours. */
    void whileOwned(IoAction action) throws IOException {
        synchronized (lock) {
            if (privateMode) {
                action.run();
            }
        }
    }

    interface IoAction {
        void run() throws IOException;
    }
}
