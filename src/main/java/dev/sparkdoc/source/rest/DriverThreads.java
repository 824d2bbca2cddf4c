package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.DriverThread;
import dev.sparkdoc.model.ExecutorQuiet;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.source.rest.dto.ThreadStackTraceDto;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The live driver's own thread dump ({@code executors/driver/threads}), when it can tell
 * something: no task has run on the executors for {@link Thresholds#quietMs} although the
 * application has not finished (the driver runs its own code, or waits), or the poll's core
 * requests took {@link Thresholds#slowAnswerMs} or more (a driver busy in GC or in its own work
 * answers its UI late). One request per poll at most; while the same quiet spell goes on, one
 * every {@link Thresholds#redumpMs} and the last one is kept in between, so an idle notebook is
 * not dumped every few seconds for hours. A dump that fails or takes over
 * {@link TaskThreads#WAIT_MS} ms is left out with a note, never the poll.
 */
final class DriverThreads {

    /** When to dump; the defaults are what the rules need (they judge a quiet spell from 30 s). */
    record Thresholds(long quietMs, long slowAnswerMs, long redumpMs) {
        static final Thresholds DEFAULT = new Thresholds(15_000, 5_000, 10_000);
    }

    static final int PER_POLL = 1;
    /** Threads kept of a dump: main, the app's own, the Py4J connections; enough to say what the driver does. */
    static final int MAX_THREADS = 8;
    static final int MAX_FRAMES = 64;
    /**
     * Frames that are certainly not the app's: a thread with only such frames says nothing of its
     * code. A short list on purpose: signals judges the user's frame with explain's full one, so
     * this list must only ever drop what that one would drop too.
     */
    private static final List<String> PLATFORM = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.", "scala.",
            "org.apache.spark.", "org.sparkproject.", "io.netty.", "org.eclipse.jetty.", "org.glassfish.", "org.apache.hadoop.", "jakarta.");

    private final ExecutorService pool;
    private final Thresholds thresholds;
    private Kept last;

    DriverThreads(ExecutorService pool, Thresholds thresholds) {
        this.pool = pool;
        this.thresholds = thresholds;
    }

    Thresholds thresholds() {
        return thresholds;
    }

    /**
     * @param answerMs how long this poll's core requests took; @param now the driver's clock
     */
    Optional<DriverDump> probe(SparkApi api, AppRef app, Application application, List<Stage> stages, long answerMs,
                               Instant now, List<String> notes) {
        long quiet = ExecutorQuiet.ms(application, stages, now);
        boolean slow = answerMs >= thresholds.slowAnswerMs();
        if (quiet < thresholds.quietMs() && !slow) {
            last = null;
            return Optional.empty();
        }
        Instant since = now.minusMillis(quiet);
        if (!slow && last != null && last.since().equals(since)
                && Duration.between(last.dump().takenAt(), now).toMillis() < thresholds.redumpMs()) {
            return Optional.of(last.dump());
        }
        String reason = slow
                ? String.format(Locale.ROOT, "the REST API took %.1f s to answer", answerMs / 1000.0)
                : "no task has run for " + quiet / 1000 + " s";
        CompletableFuture<List<ThreadStackTraceDto>> dump =
                CompletableFuture.supplyAsync(() -> api.executorThreads(app, "driver"), pool);
        try {
            List<ThreadStackTraceDto> threads = dump.get(TaskThreads.WAIT_MS, TimeUnit.MILLISECONDS);
            if (threads.isEmpty()) {
                // a server with none to give (404: a proxy that does not pass the path): nothing to say
                return answerOnly(slow, now, reason, quiet, answerMs);
            }
            DriverDump d = new DriverDump(now, reason, quiet, answerMs, threads.size(), keep(threads));
            last = quiet > 0 ? new Kept(since, d) : null;
            return Optional.of(d);
        } catch (TimeoutException e) {
            dump.cancel(true);
            notes.add("the driver's thread dump took over " + TaskThreads.WAIT_MS / 1000 + " s: left out of this poll");
        } catch (ExecutionException e) {
            notes.add("the driver's thread dump could not be read: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return answerOnly(slow, now, reason, quiet, answerMs);
    }

    /** A driver that was slow to answer and gave no dump was still slow to answer: that much is known. */
    private static Optional<DriverDump> answerOnly(boolean slow, Instant now, String reason, long quiet, long answerMs) {
        return slow ? Optional.of(new DriverDump(now, reason, quiet, answerMs, 0, List.of())) : Optional.empty();
    }

    /** The threads that may say what the driver does, main first, then the running ones. */
    static List<DriverThread> keep(List<ThreadStackTraceDto> dump) {
        List<DriverThread> kept = new ArrayList<>();
        dump.stream().filter(t -> t.threadName() != null && !t.threadName().startsWith("Executor task launch worker"))
                .filter(t -> !askingForThisDump(t))
                .filter(t -> t.threadName().equals("main") || mayRunAppCode(t) || py4j(t))
                .sorted(Comparator.comparingInt(DriverThreads::rank))
                .limit(MAX_THREADS)
                .forEach(t -> kept.add(new DriverThread(t.threadName(), t.threadState() == null ? "UNKNOWN" : t.threadState(),
                        TaskThreads.frames(t).stream().limit(MAX_FRAMES).toList(), TaskThreads.blockedBy(t))));
        return kept;
    }

    /**
     * sparkdoc's own thread waiting for this very dump: only ever seen where sparkdoc runs inside
     * the driver's JVM (embedded, or a test beside a local Spark), and never the driver's work.
     */
    private static boolean askingForThisDump(ThreadStackTraceDto t) {
        return TaskThreads.frames(t).stream().anyMatch(f -> f.startsWith(DriverThreads.class.getName() + "."));
    }

    private static int rank(ThreadStackTraceDto t) {
        if ("main".equals(t.threadName())) {
            return 0;
        }
        if (!mayRunAppCode(t)) {
            return 4; // a Py4J connection: after the app's own threads
        }
        return switch (t.threadState() == null ? "" : t.threadState()) {
            case "RUNNABLE" -> 1;
            case "BLOCKED" -> 2;
            default -> 3;
        };
    }

    private static boolean mayRunAppCode(ThreadStackTraceDto t) {
        return TaskThreads.frames(t).stream().anyMatch(f -> PLATFORM.stream().noneMatch(f::startsWith) && !f.startsWith("py4j."));
    }

    /** A Py4J connection: a PySpark driver's Python side calls the JVM through it. */
    private static boolean py4j(ThreadStackTraceDto t) {
        return TaskThreads.frames(t).stream().anyMatch(f -> f.startsWith("py4j."));
    }

    private record Kept(Instant since, DriverDump dump) {
    }
}
