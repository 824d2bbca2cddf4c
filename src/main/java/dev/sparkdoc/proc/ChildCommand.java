package dev.sparkdoc.proc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A short child command whose output sparkdoc reads, bounded in time and bytes: its output is read
 * beside the wait, so a command that hangs with its output open (a password manager waiting on a
 * prompt, a JVM that does not answer jcmd) ends at the timeout instead of holding sparkdoc on a
 * read.
 *
 * @param environment changes to the inherited environment (e.g. clear it and put a chosen one)
 * @param stdin       what the command reads (small: written before its output is read); then end of input
 * @param withStderr  stderr joins the output; otherwise it is discarded
 */
public record ChildCommand(List<String> argv, Consumer<Map<String, String>> environment, String stdin, boolean withStderr,
                           Duration timeout, int maxBytes) {

    public ChildCommand {
        argv = List.copyOf(argv);
    }

    /** A command that reads nothing: its stdin ends at once. */
    public ChildCommand(List<String> argv, Consumer<Map<String, String>> environment, boolean withStderr, Duration timeout, int maxBytes) {
        this(argv, environment, "", withStderr, timeout, maxBytes);
    }

    /** How it ended: its exit code and the first {@code maxBytes} of its output. */
    public record Ran(int exitCode, String output) {
    }

    /** The command's end, or empty when it did not end within the timeout (it is then killed). */
    public Optional<Ran> run() throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv);
        environment.accept(pb.environment());
        if (withStderr) {
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException childClosedItsInput) {
            // a command may end without reading: its exit code and output still tell
        }
        CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readBounded(p.getInputStream()));
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return Optional.empty();
            }
            return Optional.of(new Ran(p.exitValue(), new String(output.get(timeout.toMillis(), TimeUnit.MILLISECONDS),
                    StandardCharsets.UTF_8)));
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            // the command ended but something it started still holds its output open
            return Optional.empty();
        } finally {
            p.destroyForcibly();
        }
    }

    /** The first {@code maxBytes}, then the rest read and dropped, so the child never blocks on a full pipe. */
    private byte[] readBounded(InputStream in) {
        try (in) {
            byte[] head = in.readNBytes(maxBytes);
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return head;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
