package dev.sparkdoc.tui;

import dev.sparkdoc.spark.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A detached tmux session on its own server socket (never the user's tmux), with a plain bash
 * whose prompt is {@code READY$ }, TERM=screen and a UTF-8 locale whatever the machine's is (a
 * script sets its own to test others). Always close it.
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
                "env -u LC_ALL -u LC_CTYPE LANG=C.UTF-8 PS1='" + PROMPT + "' TERM=screen bash --norc --noprofile");
        return t;
    }

    /**
     * A script that runs {@code sparkdoc attach ARGS} in its own JVM on this test JVM's classpath
     * (the jar is built after the tests), after {@code env} ("TERM=dumb", or ""), and leaves the
     * JVM's pid in {@link #pidFile}: the script execs java, so signals reach the JVM itself.
     */
    static Path attachScript(Path dir, String env, String args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path script = dir.resolve("attach.sh");
        Files.writeString(script, "#!/bin/sh\nunset XDG_CONFIG_HOME XDG_CACHE_HOME SPARKDOC_CONFIG\nexport HOME=" + dir + "\necho $$ > " + pidFile(dir) + "\n" + (env.isEmpty() ? "" : "export " + env + "\n")
                + "exec " + java + " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Duser.home=" + dir
                + " -cp '" + System.getProperty("java.class.path") + "' dev.sparkdoc.cli.Main attach " + args + "\n");
        return script;
    }

    static Path pidFile(Path dir) {
        return dir.resolve("attach.pid");
    }

    /** Runs an {@link #attachScript} on a clear screen; its exit code shows as {@code EXIT=n} after it. */
    void runAttach(Path script) throws IOException {
        Files.deleteIfExists(pidFile(script.getParent()));
        line("clear; sh " + script + "; echo EXIT=$?");
    }

    /** Waits until a {@link #runAttach} has ended: a line {@code EXIT=n} (not the typed command's "EXIT=$?"). */
    String awaitExit(Duration timeout) {
        return await("the attach script's exit code", timeout, s -> s.lines().anyMatch(l -> l.matches("EXIT=\\d+")));
    }

    /** A tmux format of the pane, e.g. {@code #{alternate_on}}: 1 while a program holds the alternate screen. */
    String display(String format) {
        return tmux("display-message", "-p", "-t", session, format).strip();
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

    /** tmux's newest paste buffer (what prefix ] pastes); empty when there is none. */
    String buffer() {
        try {
            return tmux("show-buffer");
        } catch (IllegalStateException none) {
            return "";
        }
    }

    /** The pane with the lines that scrolled off its top. */
    String history() {
        return tmux("capture-pane", "-p", "-S", "-", "-t", session);
    }

    /**
     * Waits until the pane shows what {@code ok} wants and holds still: a capture can land in the
     * middle of a repaint (the detail drawn, the footer not yet), so a match counts only when a
     * second capture {@link #SETTLE} later is the same.
     */
    String await(String what, Duration timeout, java.util.function.Predicate<String> ok) {
        try {
            return Await.value(what, timeout, this::screen, s -> ok.test(s) && settled(s));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the pane shows:\n" + screen(), e);
        }
    }

    private static final Duration SETTLE = Duration.ofMillis(150);

    private boolean settled(String seen) {
        try {
            Thread.sleep(SETTLE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
        return screen().equals(seen);
    }

    /** Waits until the pane shows every text at once. */
    String awaitAll(Duration timeout, String... texts) {
        return await("the pane shows all of " + List.of(texts), timeout, s -> java.util.Arrays.stream(texts).allMatch(s::contains));
    }

    String awaitText(String text, Duration timeout) {
        return await("the pane shows \"" + text + "\"", timeout, s -> s.contains(text));
    }

    private String tmux(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            pb.environment().remove("LC_ALL");
            pb.environment().remove("LC_CTYPE");
            pb.environment().put("LANG", "C.UTF-8");
            Process p = pb.start();
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
