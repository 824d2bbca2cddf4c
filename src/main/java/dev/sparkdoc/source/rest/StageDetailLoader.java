package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.source.rest.dto.TaskDataDto;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The per-stage requests of a poll, bounded because polling cost is real (on an app with 3,000
 * stages, fetching every stage's details costs thousands of requests and seconds of driver CPU):
 * <ul>
 *   <li>{@code taskSummary} quantiles of the stages with a finished task that are worth them: active
 *       stages and stages with failed tasks always, finished ones when their wall time leaves room
 *       for a slow tail ({@link SummaryWorth}); active stages first, then stages with failed tasks,
 *       then where a tail could hide the longest. A poll reads what its request budget leaves
 *       after the task lists below, at most {@value #MAX_SUMMARIES_PER_POLL}; the rest follow on
 *       later polls, and a note says how far the filling has come;</li>
 *   <li>running tasks ({@code status=running}, one page of at most one task per slot) of up to
 *       {@value #MAX_STAGE_LISTS} active stages: the straggler of an active stage is usually a
 *       task still running, which quantiles (finished tasks only) cannot show;</li>
 *   <li>the {@value #SLOWEST_TASKS} slowest finished tasks of the {@value #SLOWEST_STAGES} stages
 *       with the most executor run time, and of each finished stage whose quantiles are read (once,
 *       with them: where a tail can hide, the stage detail shows it);</li>
 *   <li>up to {@value #FAILED_TASKS} failed tasks of up to {@value #MAX_STAGE_LISTS} stages with
 *       failures (the stage's own counts stay the true totals).</li>
 * </ul>
 * Finished stage attempts (COMPLETE, FAILED, SKIPPED) never change, so their answers are kept for
 * the life of this loader and never asked again. Requests run on the given pool (4 threads).
 */
final class StageDetailLoader {

    /**
     * A steady poll of a busy app spends about 20 requests besides these (the application, 3 to
     * 8 for the job and stage lists, executors, a SQL page, 4 plan texts, a running-task page per
     * active stage, 3 slowest-task lists): 20 summaries keep it under 50, and the request budget
     * given to {@link #load} lowers them further when the rest of the poll cost more.
     */
    static final int MAX_SUMMARIES_PER_POLL = 20;
    static final int MAX_STAGE_LISTS = 20;
    static final int SLOWEST_STAGES = 3;
    static final int SLOWEST_TASKS = 5;
    static final int FAILED_TASKS = 20;
    static final int MAX_RUNNING_PAGE = 1000;

    private final ExecutorService pool;
    private final Map<String, Optional<TaskQuantiles>> finishedQuantiles = new ConcurrentHashMap<>();
    private final Map<String, List<TaskDataDto>> finishedSlowest = new ConcurrentHashMap<>();
    private final Map<String, List<TaskDataDto>> finishedFailed = new ConcurrentHashMap<>();

    StageDetailLoader(ExecutorService pool) {
        this.pool = pool;
    }

    /**
     * Details by stage key ({@code "3.0"}); {@code notes} gets a line when something was left out.
     *
     * @param slots         task slots of the live executors
     * @param requestBudget requests this poll may still make here; task lists come first, quantiles
     *                      get what is left
     */
    Map<String, StageDetails> load(SparkApi api, AppRef app, List<StageDataDto> stages, int slots, Instant now,
            int requestBudget, List<String> notes) {
        Poll poll = new Poll();
        List<CompletableFuture<Void>> requests = new ArrayList<>();

        int page = Math.max(1, Math.min(slots, MAX_RUNNING_PAGE));
        List<StageDataDto> runningLists = stages.stream().filter(StageDetailLoader::active).sorted(byRunTime())
                .limit(MAX_STAGE_LISTS).toList();
        List<StageDataDto> slowestLists = stages.stream().filter(s -> s.numCompleteTasks() > 0).sorted(byRunTime())
                .limit(SLOWEST_STAGES).filter(s -> !finishedSlowest.containsKey(s.key())).toList();
        List<StageDataDto> failedLists = stages.stream().filter(s -> s.numFailedTasks() > 0 && !finishedFailed.containsKey(s.key()))
                .sorted(Comparator.comparingInt(StageDataDto::numFailedTasks).reversed()).limit(MAX_STAGE_LISTS).toList();
        int listRequests = runningLists.size() + slowestLists.size() + failedLists.size();

        List<StageDataDto> worth = stages.stream()
                .filter(s -> s.numCompleteTasks() > 0 && worthSummary(s, slots)).toList();
        List<StageDataDto> summaries = worth.stream().filter(s -> !finishedQuantiles.containsKey(s.key()))
                .sorted(summaryOrder(slots)).toList();
        int budget = Math.max(0, requestBudget - listRequests);
        int summaryCount = 0;
        for (StageDataDto s : summaries) {
            // a finished stage worth its quantiles is worth its slowest tasks too, read once with them,
            // so its detail shows the tail the quantiles point at
            boolean withSlowest = StageMapper.finished(StageMapper.status(s.status())) && !finishedSlowest.containsKey(s.key())
                    && !slowestLists.contains(s);
            int cost = withSlowest ? 2 : 1;
            if (summaryCount >= MAX_SUMMARIES_PER_POLL || budget == 0) {
                break;
            }
            if (cost > budget) {
                continue; // a cheaper stage further down (its slowest tasks already read) may still fit this poll
            }
            budget -= cost;
            summaryCount++;
            requests.add(run(poll, s, () -> {
                Optional<TaskQuantiles> q = api.taskSummary(app, s.stageId(), s.attemptId())
                        .map(d -> QuantilesMapper.map(d, s.numCompleteTasks()));
                poll.quantiles.put(s.key(), q);
                keepIfFinished(s, finishedQuantiles, q);
            }));
            if (withSlowest) {
                requests.add(run(poll, s, () -> readSlowest(api, app, s, poll)));
            }
        }

        runningLists.forEach(s -> requests.add(run(poll, s, () -> poll.running.put(s.key(),
                api.taskList(app, s.stageId(), s.attemptId(),
                        Map.of("status", "running", "length", Integer.toString(page)))))));

        slowestLists.forEach(s -> requests.add(run(poll, s, () -> readSlowest(api, app, s, poll))));

        failedLists.forEach(s -> requests.add(run(poll, s, () -> {
            List<TaskDataDto> tasks = api.taskList(app, s.stageId(), s.attemptId(),
                    Map.of("status", "failed", "length", Integer.toString(FAILED_TASKS)));
            poll.failed.put(s.key(), tasks);
            keepIfFinished(s, finishedFailed, tasks);
        })));

        requests.forEach(CompletableFuture::join);
        long read = worth.stream().filter(s -> poll.quantiles.containsKey(s.key()) || finishedQuantiles.containsKey(s.key())).count();
        if (read < worth.size()) {
            notes.add(String.format(Locale.ROOT, "task quantiles: %,d of %,d stages worth reading so far (filling)", read, worth.size()));
        }
        if (poll.failures.get() > 0) {
            notes.add("could not read task details for " + poll.failures.get() + " request(s): " + poll.firstFailure.get()
                    + (poll.skipped.get() > 0 ? "; " + poll.skipped.get() + " more skipped after the timeout" : ""));
        }
        Map<String, StageDetails> out = new HashMap<>();
        for (StageDataDto s : stages) {
            out.put(s.key(), details(s, poll, now));
        }
        return out;
    }

    private StageDetails details(StageDataDto s, Poll poll, Instant now) {
        String key = s.key();
        Optional<TaskQuantiles> quantiles = poll.quantiles.getOrDefault(key,
                finishedQuantiles.getOrDefault(key, Optional.empty()));
        List<TaskSample> notable = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        poll.running.getOrDefault(key, List.of()).stream().map(t -> TaskMapper.map(t, now))
                .sorted(Comparator.comparingLong(TaskSample::durationMs).reversed())
                .forEach(t -> addOnce(notable, seen, t));
        poll.slowest.getOrDefault(key, finishedSlowest.getOrDefault(key, List.of())).stream()
                .map(t -> TaskMapper.map(t, now)).forEach(t -> addOnce(notable, seen, t));
        List<TaskDataDto> failed = poll.failed.getOrDefault(key, finishedFailed.getOrDefault(key, List.of()));
        return new StageDetails(quantiles, notable, FailureGrouper.group(failed));
    }

    private void readSlowest(SparkApi api, AppRef app, StageDataDto s, Poll poll) {
        List<TaskDataDto> tasks = api.taskList(app, s.stageId(), s.attemptId(), Map.of("status", "success",
                "sortBy", "-runtime", "length", Integer.toString(SLOWEST_TASKS)));
        poll.slowest.put(s.key(), tasks);
        keepIfFinished(s, finishedSlowest, tasks);
    }

    private static void addOnce(List<TaskSample> out, Set<Long> seen, TaskSample t) {
        if (seen.add(t.taskId())) {
            out.add(t);
        }
    }

    private CompletableFuture<Void> run(Poll poll, StageDataDto stage, Runnable request) {
        return CompletableFuture.runAsync(() -> {
            if (poll.timedOut.get()) {
                // a driver that let one request time out is struggling: the rest of this poll's
                // details wait for the next poll instead of each waiting out its own timeout
                poll.skipped.incrementAndGet();
                return;
            }
            try {
                request.run();
            } catch (SourceException e) {
                // One stage's details missing is not worth failing the snapshot; say so in a note.
                poll.failures.incrementAndGet();
                poll.firstFailure.compareAndSet(null, "stage " + stage.key() + ": " + e.getMessage());
                if (e instanceof RestFault f && f.kind() == SourceFault.TIMEOUT) {
                    poll.timedOut.set(true);
                }
            }
        }, pool);
    }

    private static <T> void keepIfFinished(StageDataDto s, Map<String, T> cache, T value) {
        if (StageMapper.finished(StageMapper.status(s.status()))) {
            cache.put(s.key(), value);
        }
    }

    private static boolean active(StageDataDto s) {
        return StageMapper.status(s.status()) == StageStatus.ACTIVE;
    }

    /**
     * Active stages change every poll and stages with failed tasks feed the error rules (their
     * lost time is failures × the median run time): both are read whatever their wall time. A
     * finished stage is read only where a tail can hide ({@link SummaryWorth}); the rest stay
     * without quantiles, which the rules read as unknown.
     */
    private static boolean worthSummary(StageDataDto s, int slots) {
        return !StageMapper.finished(StageMapper.status(s.status())) || s.numFailedTasks() > 0 || SummaryWorth.worth(s, slots);
    }

    /**
     * Which quantiles a large app gets first: active stages, then stages with failed tasks (what
     * the error rules look at), then where a tail could hide the longest, then by executor run time.
     */
    private static Comparator<StageDataDto> summaryOrder(int slots) {
        return Comparator.comparing((StageDataDto s) -> !active(s))
                .thenComparing(s -> s.numFailedTasks() == 0)
                .thenComparing(Comparator.comparingLong((StageDataDto s) -> SummaryWorth.lostMs(s, slots)).reversed())
                .thenComparing(byRunTime());
    }

    private static Comparator<StageDataDto> byRunTime() {
        return Comparator.comparingLong(StageDataDto::executorRunTime).reversed();
    }

    /** What this poll's requests brought back, filled concurrently. */
    private static final class Poll {
        final Map<String, Optional<TaskQuantiles>> quantiles = new ConcurrentHashMap<>();
        final Map<String, List<TaskDataDto>> running = new ConcurrentHashMap<>();
        final Map<String, List<TaskDataDto>> slowest = new ConcurrentHashMap<>();
        final Map<String, List<TaskDataDto>> failed = new ConcurrentHashMap<>();
        final AtomicInteger failures = new AtomicInteger();
        final AtomicReference<String> firstFailure = new AtomicReference<>();
        final AtomicInteger skipped = new AtomicInteger();
        final AtomicBoolean timedOut = new AtomicBoolean();
    }
}
