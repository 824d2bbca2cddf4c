package dev.sparkdoc.proc;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Real child processes for a test; {@link #close} kills each one and everything it started. */
final class Children implements AutoCloseable {

    static final Path PYFAKE = Path.of("src/test/resources/proc/pyfake").toAbsolutePath();

    private final List<Process> started = new ArrayList<>();

    /** {@code bash -c script argv0 args…}: the arguments after the script show in its command line. */
    Process bash(String script, Map<String, String> env, String... shownArgs) {
        List<String> cmd = new ArrayList<>(List.of("bash", "-c", script));
        cmd.addAll(List.of(shownArgs));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            started.add(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads lines from the process's stdout until {@code count} lines have arrived. */
    static List<String> readLines(Process p, int count, Duration timeout) throws InterruptedException {
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<List<String>> lines = CompletableFuture.supplyAsync(() -> {
            List<String> out = new ArrayList<>();
            try {
                String line;
                while (out.size() < count && (line = in.readLine()) != null) {
                    out.add(line);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out;
        });
        try {
            return lines.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("no " + count + " lines from " + p.info().commandLine().orElse("?") + " in " + timeout, e);
        }
    }

    @Override
    public void close() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
