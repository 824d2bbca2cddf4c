package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.source.rest.dto.ThreadStackTraceDto;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * Where the longest-running task is right now: its thread in its executor's dump. One request
 * per poll at most, for one task that has run {@value #MIN_AGE_MS} ms or more (what the running
 * straggler and skew rules wait for), on a live driver only. A dump is a nice-to-have: one that
 * fails or takes over {@value #WAIT_MS} ms is left out with a note, never the poll.
 */
final class TaskThreads {

    static final int PER_POLL = 1;
    static final long MIN_AGE_MS = 10_000;
    static final long WAIT_MS = 3_000;
    /** Spark 3.x and 4.x: "Executor task launch worker for task 3.0 in stage 1.0 (TID 7)"; Spark 2: "… for task 7". */
    private static final Pattern TID = Pattern.compile("\\(TID (\\d+)\\)$|^Executor task launch worker for task (\\d+)$");
    /**
     * Java 9+ frames carry their class loader and module: "java.base@17.0.9/java.lang.Thread.sleep(…)",
     * "app//com.acme.Job.run(Job.java:4)" (the application class loader, no module).
     */
    private static final Pattern MODULE = Pattern.compile("^(?:[\\w.-]+(?:@[^/\\s]+)?/{1,2})+(?=[\\w$.<>/]+\\()");

    private final ExecutorService pool;

    TaskThreads(ExecutorService pool) {
        this.pool = pool;
    }

    List<TaskThread> probe(SparkApi api, AppRef app, List<Stage> stages, Instant now, List<String> notes) {
        Optional<Candidate> oldest = stages.stream()
                .flatMap(s -> s.notableTasks().stream().filter(TaskSample::running).map(t -> new Candidate(s, t)))
                .filter(c -> c.task().durationMs() >= MIN_AGE_MS && !c.task().executorId().isEmpty())
                .max(Comparator.comparingLong(c -> c.task().durationMs()));
        if (oldest.isEmpty()) {
            return List.of();
        }
        Candidate c = oldest.get();
        CompletableFuture<List<ThreadStackTraceDto>> dump =
                CompletableFuture.supplyAsync(() -> api.executorThreads(app, c.task().executorId()), pool);
        try {
            return find(dump.get(WAIT_MS, TimeUnit.MILLISECONDS), c, now).map(List::of).orElse(List.of());
        } catch (TimeoutException e) {
            notes.add("the thread dump of executor " + c.task().executorId() + " took over " + WAIT_MS / 1000 + " s: left out of this poll");
        } catch (ExecutionException e) {
            notes.add("the thread dump of executor " + c.task().executorId() + " could not be read: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return List.of();
    }

    /** The task's own thread in a dump, by the name Spark gives it. */
    static Optional<TaskThread> find(List<ThreadStackTraceDto> dump, Candidate c, Instant now) {
        return dump.stream().filter(t -> t.threadName() != null && taskIdOf(t.threadName()).orElse(-1L) == c.task().taskId())
                .findFirst().map(t -> new TaskThread(c.task().taskId(), c.stage().stageId(), c.stage().attemptId(), c.task().executorId(),
                        t.threadName(), t.threadState() == null ? "UNKNOWN" : t.threadState(), frames(t), blockedBy(t), now));
    }

    static Optional<Long> taskIdOf(String threadName) {
        var m = TID.matcher(threadName);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)));
    }

    static List<String> frames(ThreadStackTraceDto t) {
        if (t.stackTrace() == null || t.stackTrace().elems() == null) {
            return List.of();
        }
        return t.stackTrace().elems().stream().filter(e -> e != null && !e.isBlank())
                .map(String::strip)
                .filter(e -> !e.startsWith("-")) // Spark 4's "- locked <0x…>" lines are locks, not frames
                .map(e -> MODULE.matcher(e).replaceFirst(""))
                .limit(200).toList();
    }

    static Optional<String> blockedBy(ThreadStackTraceDto t) {
        if (t.blockedByLock() != null && !t.blockedByLock().isBlank()) {
            return Optional.of(t.blockedByLock() + (t.blockedByThreadId() != null ? " held by thread " + t.blockedByThreadId() : ""));
        }
        if (t.lockName() != null && !t.lockName().isBlank()) {
            return Optional.of(t.lockName() + (t.lockOwnerName() != null && !t.lockOwnerName().isBlank() ? " held by " + t.lockOwnerName() : ""));
        }
        return Optional.empty();
    }

    record Candidate(Stage stage, TaskSample task) {
    }
}
