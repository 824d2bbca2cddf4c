package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.rest.dto.JobDataDto;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The job and stage lists of one application across polls. The first poll reads both lists in
 * full; later polls read only what can have changed, because the full stage list is big (about
 * 3 KB per stage attempt: ~30 MB at 10,000 stages) and a finished job or stage attempt never
 * changes again:
 * <ul>
 *   <li>{@code jobs?status=running}, {@code stages?status=active} and {@code stages?status=pending};</li>
 *   <li>{@code jobs/<id>} for jobs that were running and no longer are, and for new job ids
 *       (Spark numbers jobs 0, 1, 2, ...: the ids after the highest known are probed until one is
 *       missing, so jobs that started and ended between two polls are found too);</li>
 *   <li>{@code stages/<id>?details=false} for stages that left active/pending (they completed,
 *       failed or were skipped) and stages of new jobs not seen yet.</li>
 * </ul>
 * When more than {@value #MAX_SINGLE_FETCHES} single reads would be needed (a long pause between
 * polls), the full lists are read again instead.
 *
 * <p>At most {@code maxStages} stage attempts are kept (the newest, and every one still open), so
 * an application that lists hundreds of thousands (a raised {@code spark.ui.retainedStages},
 * whose default is 1,000) costs the heap a bounded amount, in one read and across polls. Not
 * thread-safe: one poll at a time.
 */
final class IncrementalLists {

    static final int MAX_SINGLE_FETCHES = 30;
    /** 20 times Spark's own default retention ({@code spark.ui.retainedStages}); what triage handles in 256 MB. */
    static final int DEFAULT_MAX_STAGES = 20_000;
    static final String MAX_STAGES_PROPERTY = "sparkdoc.rest.maxStages";
    private static final Comparator<StageDataDto> NEWEST_FIRST =
            Comparator.comparingInt(StageDataDto::stageId).thenComparingInt(StageDataDto::attemptId).reversed();

    /** What one poll hands on, newest first as Spark lists them; {@code stagesLeftOut} were listed but not kept. */
    record Lists(List<JobDataDto> jobs, List<StageDataDto> stages, long stagesLeftOut) {
    }

    private final Map<Integer, JobDataDto> finishedJobs = new HashMap<>();
    private final Map<String, StageDataDto> finishedStages = new HashMap<>();
    private Map<Integer, JobDataDto> openJobs = new HashMap<>();
    private Map<String, StageDataDto> openStages = new HashMap<>();
    private final int maxStages;
    /** Finished stages below this id were dropped to stay within {@code maxStages}: not asked for again. */
    private int keptFromStageId;
    private long stagesLeftOut;
    private boolean primed;

    IncrementalLists() {
        this(Integer.getInteger(MAX_STAGES_PROPERTY, DEFAULT_MAX_STAGES));
    }

    IncrementalLists(int maxStages) {
        this.maxStages = Math.max(1, maxStages);
    }

    Lists load(SparkApi api, AppRef app) {
        if (!primed) {
            return full(api, app);
        }
        Budget budget = new Budget();
        Map<Integer, JobDataDto> running = new HashMap<>();
        api.jobs(app, "running").stream().filter(j -> !jobFinished(j)).forEach(j -> running.put(j.jobId(), j));
        List<JobDataDto> changed = new ArrayList<>(running.values());
        for (int id : openJobs.keySet()) {
            if (!running.containsKey(id)) {
                budget.spend();
                api.job(app, id).ifPresent(changed::add);
            }
        }
        int known = Math.max(maxKey(finishedJobs), maxKey(openJobs));
        int top = Math.max(known, maxKey(running));
        for (int id = known + 1; ; id++) {
            if (running.containsKey(id)) {
                continue;
            }
            if (budget.exhausted()) {
                return full(api, app);
            }
            budget.spend();
            Optional<JobDataDto> job = api.job(app, id);
            if (job.isEmpty() && id > top) {
                break; // past the newest job
            }
            job.ifPresent(changed::add);
        }

        Map<String, StageDataDto> open = new HashMap<>();
        for (String status : List.of("active", "pending")) {
            api.stages(app, status).stream().filter(s -> !stageFinished(s)).forEach(s -> open.put(s.key(), s));
        }
        Set<Integer> refetch = new HashSet<>();
        openStages.values().stream().filter(s -> !open.containsKey(s.key())).forEach(s -> refetch.add(s.stageId()));
        Set<Integer> knownIds = new HashSet<>();
        finishedStages.values().forEach(s -> knownIds.add(s.stageId()));
        open.values().forEach(s -> knownIds.add(s.stageId()));
        changed.forEach(j -> j.stageIds().stream().filter(id -> id >= keptFromStageId && !knownIds.contains(id))
                .forEach(refetch::add));
        if (budget.left() < refetch.size()) {
            return full(api, app);
        }
        for (int id : refetch) {
            Optional<List<StageDataDto>> attempts = api.stageAttempts(app, id);
            if (attempts.isEmpty()) {
                // gone from the server's store (retention): keep what the last poll saw
                openStages.values().stream().filter(s -> s.stageId() == id).forEach(s -> open.putIfAbsent(s.key(), s));
                continue;
            }
            for (StageDataDto s : attempts.get()) {
                if (stageFinished(s)) {
                    finishedStages.put(s.key(), s);
                    open.remove(s.key());
                } else {
                    open.putIfAbsent(s.key(), s);
                }
            }
        }
        Map<Integer, JobDataDto> openNow = new HashMap<>(running);
        for (JobDataDto j : changed) {
            if (jobFinished(j)) {
                finishedJobs.put(j.jobId(), j);
                openNow.remove(j.jobId());
            } else {
                openNow.putIfAbsent(j.jobId(), j);
            }
        }
        openJobs = openNow;
        openStages = open;
        return lists();
    }

    private Lists full(SparkApi api, AppRef app) {
        List<JobDataDto> jobs = api.jobs(app);
        CappedList<StageDataDto> stages = api.stages(app, maxStages);
        finishedJobs.clear();
        finishedStages.clear();
        openJobs = new HashMap<>();
        openStages = new HashMap<>();
        jobs.forEach(j -> (jobFinished(j) ? finishedJobs : openJobs).put(j.jobId(), j));
        stages.kept().forEach(s -> (stageFinished(s) ? finishedStages : openStages).put(s.key(), s));
        stagesLeftOut = stages.leftOut();
        keptFromStageId = stagesLeftOut > 0 ? stages.kept().stream().mapToInt(StageDataDto::stageId).min().orElse(0) : 0;
        primed = true;
        // the server's own lists, as they came
        return new Lists(jobs, stages.kept(), stagesLeftOut);
    }

    private Lists lists() {
        List<JobDataDto> jobs = new ArrayList<>(finishedJobs.values());
        jobs.addAll(openJobs.values());
        jobs.sort(Comparator.comparingInt(JobDataDto::jobId).reversed());
        dropOldestFinishedStages();
        List<StageDataDto> stages = new ArrayList<>(finishedStages.values());
        stages.addAll(openStages.values());
        stages.sort(NEWEST_FIRST);
        return new Lists(jobs, stages, stagesLeftOut);
    }

    /** Keeps every open stage and the newest finished ones, {@code maxStages} in all. */
    private void dropOldestFinishedStages() {
        int over = finishedStages.size() + openStages.size() - maxStages;
        if (over <= 0) {
            return;
        }
        List<StageDataDto> oldestFirst = finishedStages.values().stream().sorted(NEWEST_FIRST.reversed()).toList();
        for (StageDataDto s : oldestFirst.subList(0, Math.min(over, oldestFirst.size()))) {
            finishedStages.remove(s.key());
            keptFromStageId = Math.max(keptFromStageId, s.stageId() + 1);
            stagesLeftOut++;
        }
    }

    static boolean jobFinished(JobDataDto j) {
        return "SUCCEEDED".equals(j.status()) || "FAILED".equals(j.status());
    }

    static boolean stageFinished(StageDataDto s) {
        return StageMapper.finished(StageMapper.status(s.status()));
    }

    private static int maxKey(Map<Integer, ?> m) {
        return m.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
    }

    /** Single reads allowed in one poll before reading the full lists is cheaper. */
    private static final class Budget {
        private int left = MAX_SINGLE_FETCHES;

        void spend() {
            left--;
        }

        int left() {
            return left;
        }

        boolean exhausted() {
            return left <= 0;
        }
    }
}
