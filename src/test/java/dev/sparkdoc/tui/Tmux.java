package dev.sparkdoc.tui;

import dev.sparkdoc.spark.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A detached tmux session on its own server socket (never the user's tmux), with a plain bash
 * whose prompt is {@code READY$ }. Always close it.
 */
final class Tmux implements AutoCloseable {

    static final String PROMPT = "READY$ ";

    private final String socket = "sparkdoc-test-" + UUID.randomUUID().toString().substring(0, 8);
    private final String session = "attach";

    static boolean available() {
        try {
            Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static Tmux start(int width, int height) {
        Tmux t = new Tmux();
        t.tmux("new-session", "-d", "-s", t.session, "-x", Integer.toString(width), "-y", Integer.toString(height),
                "env PS1='" + PROMPT + "' TERM=screen bash --norc --noprofile");
        return t;
    }

    /** Types a line and presses Enter. */
    void line(String text) {
        tmux("send-keys", "-t", session, "-l", text);
        tmux("send-keys", "-t", session, "Enter");
    }

    /** Presses keys by tmux name: "Enter", "Escape", "q", "j". */
    void keys(String... names) {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", session));
        args.addAll(List.of(names));
        tmux(args.toArray(String[]::new));
    }

    String screen() {
        return tmux("capture-pane", "-p", "-t", session);
    }

    String await(String what, Duration timeout, java.util.function.Predicate<String> ok) {
        try {
            return Await.value(what, timeout, this::screen, ok);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the pane shows:\n" + screen(), e);
        }
    }

    String awaitText(String text, Duration timeout) {
        return await("the pane shows \"" + text + "\"", timeout, s -> s.contains(text));
    }

    private String tmux(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("tmux " + String.join(" ", args) + " failed: " + out);
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("tmux failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        try {
            tmux("kill-server");
        } catch (IllegalStateException alreadyGone) {
            // the server exits by itself when its last session ends
        }
    }
}
