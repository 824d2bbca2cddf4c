package dev.sparkdoc.spark;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;

/**
 * {@link TaskGate} for tasks in other JVMs (a local-cluster's executors): named gates that are
 * files in a folder the test owns. A task at gate {@code name} leaves a marker file saying who
 * waits (its executor id and pid) and polls until the test opens the gate, by creating
 * {@code open-<name>}; once open, later tasks (retries too) pass at once. Tasks give up after
 * {@link TaskGate#MAX_HOLD_MS}, so a failed test never leaves an executor blocked.
 *
 * <p>Serializable: a closure captures it and it works wherever the task runs. A task whose JVM is
 * killed while it waits leaves its marker behind.
 */
final class FileGate implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final long POLL_MS = 50;

    private final String dir;

    FileGate(Path dir) {
        this.dir = dir.toAbsolutePath().toString();
    }

    /** A task waiting at a gate, as its marker says. */
    record Waiting(String gate, String executorId, long pid, int partition) {
    }

    /** Inside a task: waits until the test opens {@code name}. */
    void pass(String name) {
        Path open = Paths.get(dir, "open-" + name);
        if (Files.exists(open)) {
            return;
        }
        TaskContext tc = TaskContext.get();
        Path marker = Paths.get(dir, "waiting-" + name + "-" + tc.taskAttemptId());
        try {
            Files.writeString(marker, SparkEnv.get().executorId() + " " + ProcessHandle.current().pid() + " "
                    + tc.partitionId(), StandardCharsets.UTF_8);
            // a real-time cap (as TaskGate's latch), so a test that never opens the gate frees the executor;
            // monotonic, not the wall clock, which a clock step could stretch or cut
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TaskGate.MAX_HOLD_MS);
            while (!Files.exists(open) && System.nanoTime() - until < 0) {
                Thread.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            // Spark interrupts a task it kills: let it end
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(marker);
            } catch (IOException e) {
                // the test reads only markers it can parse
            }
        }
    }

    /** The tasks waiting at {@code name} now. */
    List<Waiting> waiting(String name) {
        String prefix = "waiting-" + name + "-";
        try (Stream<Path> files = Files.list(Paths.get(dir))) {
            return files.filter(p -> p.getFileName().toString().startsWith(prefix)).map(p -> {
                try {
                    String[] f = Files.readString(p, StandardCharsets.UTF_8).trim().split(" ");
                    return f.length == 3 ? new Waiting(name, f[0], Long.parseLong(f[1]), Integer.parseInt(f[2])) : null;
                } catch (IOException | RuntimeException e) {
                    return null; // being written or just deleted
                }
            }).filter(java.util.Objects::nonNull).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void open(String name) {
        try {
            Files.createFile(Paths.get(dir, "open-" + name));
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // already open
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
