package dev.sparkdoc.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * sparkdoc as a real child JVM ({@link Main#main} on the test classpath), for what only a real
 * process shows: a standard output that is a pipe closed early, a device or a full disk. Its
 * stderr goes to a file, so that a child that hangs is seen by the timeout, not by a read that
 * never ends.
 */
final class CliProcess implements AutoCloseable {

    private final Process process;
    private final Path err;

    private CliProcess(Process process, Path err) {
        this.process = process;
        this.err = err;
    }

    /** How a finished child ended: its exit code and all it wrote to stderr. */
    record Ended(int exitCode, String err) {
    }

    /** Starts sparkdoc with stdout as {@code stdout} says (a file, a device, or a pipe to read). */
    static CliProcess start(ProcessBuilder.Redirect stdout, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // a short run: C1 alone starts faster, as scripts/sparkdoc does for --help
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path err = Files.createTempFile("sparkdoc-stderr", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(stdout).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        return new CliProcess(p, err);
    }

    /** Runs to the end with stdout going to {@code stdout}. */
    static Ended run(File stdout, String... args) throws IOException, InterruptedException {
        try (CliProcess p = start(ProcessBuilder.Redirect.to(stdout), args)) {
            return p.ended();
        }
    }

    Process process() {
        return process;
    }

    /** Waits for the end, a minute at most: a CLI that does not end fails its test. */
    Ended ended() throws IOException, InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("sparkdoc did not end within a minute; stderr: " + Files.readString(err));
        }
        return new Ended(process.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        Files.deleteIfExists(err);
    }
}
