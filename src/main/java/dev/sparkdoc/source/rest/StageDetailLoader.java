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
 *   <li>{@code taskSummary} quantiles for stages with a finished task, at most
 *       {@value #MAX_SUMMARIES_PER_POLL} per poll: active stages first, then stages with failed tasks, then
 *       by executor run time;
 *       the rest follow on later polls;</li>
 *   <li>running tasks ({@code status=running}, one page of at most one task per slot) of up to
 *       {@value #MAX_STAGE_LISTS} active stages: the straggler of an active stage is usually a
 *       task still running, which quantiles (finished tasks only) cannot show;</li>
 *   <li>the {@value #SLOWEST_TASKS} slowest finished tasks of the {@value #SLOWEST_STAGES} stages
 *       with the most executor run time;</li>
 *   <li>up to {@value #FAILED_TASKS} failed tasks of up to {@value #MAX_STAGE_LISTS} stages with
 *       failures (the stage's own counts stay the true totals).</li>
 * </ul>
 * Finished stage attempts (COMPLETE, FAILED, SKIPPED) never change, so their answers are kept for
 * the life of this loader and never asked again. Requests run on the given pool (4 threads).
 */
final class StageDetailLoader {

    static final int MAX_SUMMARIES_PER_POLL = 200;
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

    /** Details by stage key ({@code "3.0"}); {@code notes} gets a line when something was left out. */
    Map<String, StageDetails> load(SparkApi api, AppRef app, List<StageDataDto> stages, int slots, Instant now,
            List<String> notes) {
        Poll poll = new Poll();
        List<CompletableFuture<Void>> requests = new ArrayList<>();

        List<StageDataDto> summaries = stages.stream()
                .filter(s -> s.numCompleteTasks() > 0 && !finishedQuantiles.containsKey(s.key()))
                .sorted(summaryOrder())
                .toList();
        summaries.stream().limit(MAX_SUMMARIES_PER_POLL).forEach(s -> requests.add(run(poll, s, () -> {
            Optional<TaskQuantiles> q = api.taskSummary(app, s.stageId(), s.attemptId())
                    .map(d -> QuantilesMapper.map(d, s.numCompleteTasks()));
            poll.quantiles.put(s.key(), q);
            keepIfFinished(s, finishedQuantiles, q);
        })));
        if (summaries.size() > MAX_SUMMARIES_PER_POLL) {
            notes.add("task quantiles read for " + MAX_SUMMARIES_PER_POLL + " of " + summaries.size()
                    + " stages in this poll (the busiest first); the rest follow on the next polls");
        }

        int page = Math.max(1, Math.min(slots, MAX_RUNNING_PAGE));
        stages.stream().filter(StageDetailLoader::active).sorted(byRunTime()).limit(MAX_STAGE_LISTS)
                .forEach(s -> requests.add(run(poll, s, () -> poll.running.put(s.key(),
                        api.taskList(app, s.stageId(), s.attemptId(),
                                Map.of("status", "running", "length", Integer.toString(page)))))));

        stages.stream().filter(s -> s.numCompleteTasks() > 0).sorted(byRunTime()).limit(SLOWEST_STAGES)
                .filter(s -> !finishedSlowest.containsKey(s.key()))
                .forEach(s -> requests.add(run(poll, s, () -> {
                    List<TaskDataDto> tasks = api.taskList(app, s.stageId(), s.attemptId(), Map.of("status", "success",
                            "sortBy", "-runtime", "length", Integer.toString(SLOWEST_TASKS)));
                    poll.slowest.put(s.key(), tasks);
                    keepIfFinished(s, finishedSlowest, tasks);
                })));

        stages.stream().filter(s -> s.numFailedTasks() > 0 && !finishedFailed.containsKey(s.key()))
                .sorted(Comparator.comparingInt(StageDataDto::numFailedTasks).reversed()).limit(MAX_STAGE_LISTS)
                .forEach(s -> requests.add(run(poll, s, () -> {
                    List<TaskDataDto> tasks = api.taskList(app, s.stageId(), s.attemptId(),
                            Map.of("status", "failed", "length", Integer.toString(FAILED_TASKS)));
                    poll.failed.put(s.key(), tasks);
                    keepIfFinished(s, finishedFailed, tasks);
                })));

        requests.forEach(CompletableFuture::join);
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
     * Which quantiles a large app gets first (200 per poll; a 10,000-stage app needs ~50 polls):
     * active stages, then stages with failed tasks (what the error rules look at), then by
     * executor run time (where the seconds went, so where skew costs most).
     */
    private static Comparator<StageDataDto> summaryOrder() {
        return Comparator.comparing((StageDataDto s) -> !active(s))
                .thenComparing(s -> s.numFailedTasks() == 0)
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
