package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.TaskThread;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import dev.sparkdoc.source.rest.dto.ExecutorSummaryDto;
import dev.sparkdoc.source.rest.dto.JobDataDto;
import dev.sparkdoc.source.rest.dto.StageDataDto;
import dev.sparkdoc.targets.Target;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Reads an application from Spark's REST API ({@code /api/v1}) of a live driver UI, a History
 * Server or a proxy in front of either. Meant to be read again and again (live polling): the
 * first read picks the application, later reads refresh it and fetch again only what can still
 * change (finished jobs and stages with their details, the leading finished SQL executions and the
 * environment are kept from earlier reads; see {@link IncrementalLists}). See {@link StageDetailLoader} for how per-stage requests are bounded.
 * Not for concurrent use: one poller calls {@link #read()}.
 */
public final class RestSource implements SnapshotSource {

    /** Parallel requests against one server: enough to hide latency, not enough to load a driver. */
    static final int PARALLEL_REQUESTS = 4;
    /**
     * Requests one poll may make, backfill of finished stages' details included: a live driver
     * serves its UI from the same JVM that runs the application, and a poll is every few seconds.
     */
    static final int MAX_REQUESTS_PER_POLL = 49;

    private final Target target;
    private final AppSelector selector;
    private final Clock clock;
    private final RestClient client;
    private final ExecutorService pool;
    private final AppResolver resolver;
    private StageDetailLoader stageDetails;
    private final TaskThreads taskThreads;
    private DriverThreads driverThreads;
    private SqlLoader sqlLoader = new SqlLoader();
    private PlanTexts planTexts = new PlanTexts();
    private IncrementalLists jobsAndStages = new IncrementalLists();

    private AppChoice choice;
    private volatile Environment environment;
    private PollStats lastPoll = PollStats.NONE;
    private long requestsAtPollStart;
    private long pollStartedNanos;
    private boolean firstPoll;

    public RestSource(Target target, AppSelector selector, HttpOptions options) {
        this(target, selector, options, Clock.systemUTC());
    }

    RestSource(Target target, AppSelector selector, HttpOptions options, Clock clock) {
        if (!(target instanceof Target.Http) && !(target instanceof Target.HostScan)) {
            throw new SourceException("RestSource reads http(s) targets, not " + target.display());
        }
        this.target = target;
        this.selector = selector;
        this.clock = clock;
        URI base = target instanceof Target.Http http ? http.baseUrl() : URI.create("http://localhost/");
        this.client = new RestClient(HttpSettings.client(options), HttpSettings.headers(options, base), options.timeout(), clock);
        this.pool = Executors.newFixedThreadPool(PARALLEL_REQUESTS, runnable -> {
            Thread thread = new Thread(runnable, "sparkdoc-rest");
            thread.setDaemon(true);
            return thread;
        });
        this.resolver = new AppResolver(client, pool);
        this.stageDetails = new StageDetailLoader(pool);
        this.taskThreads = new TaskThreads(pool);
        this.driverThreads = new DriverThreads(pool, DriverThreads.Thresholds.DEFAULT);
    }

    @Override
    public synchronized AppSnapshot read() {
        long requestsBefore = client.requests();
        requestsAtPollStart = requestsBefore;
        long bytesBefore = client.bytes();
        long started = System.nanoTime();
        pollStartedNanos = started;
        try {
            return poll();
        } finally {
            lastPoll = new PollStats(client.requests() - requestsBefore, client.bytes() - bytesBefore,
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    /** Cost of the last {@link #read()}, for benchmarks and the TUI's back-off. */
    public synchronized PollStats lastPoll() {
        return lastPoll;
    }

    /** Requests made by the last {@link #read()}. */
    public synchronized long requestCount() {
        return lastPoll.requests();
    }

    @Override
    public void close() {
        pool.shutdownNow();
        client.close();
    }

    private AppSnapshot poll() {
        AppChoice before = choice;
        firstPoll = before == null;
        choice = choice == null ? resolver.resolve(target, selector) : resolver.refresh(choice, target, selector);
        if (before != null && !before.ref().equals(choice.ref())) {
            forgetCaches(); // another attempt or application: nothing cached applies
        }
        try {
            return read(choice);
        } catch (RestFault e) {
            throw choice.kind() == SourceKind.HISTORY && e.kind() == SourceFault.TIMEOUT ? HistoryLoading.replaying(choice, e) : e;
        }
    }

    private void forgetCaches() {
        jobsAndStages = new IncrementalLists();
        stageDetails = new StageDetailLoader(pool);
        sqlLoader = new SqlLoader();
        planTexts = new PlanTexts();
        driverThreads = new DriverThreads(pool, driverThreads.thresholds());
        environment = null;
    }

    private AppSnapshot read(AppChoice choice) {
        SparkApi api = choice.api();
        AppRef app = choice.ref();

        CompletableFuture<IncrementalLists.Lists> lists = async(() -> jobsAndStages.load(api, app));
        CompletableFuture<List<ExecutorSummaryDto>> executors = async(() -> api.allExecutors(app));
        CompletableFuture<Optional<List<ExecutionDataDto>>> sql = async(() -> sqlLoader.load(api, app));
        CompletableFuture<Environment> env = async(() -> environment(api, app));

        List<String> notes = new ArrayList<>(choice.notes());
        List<ExecutionDataDto> sqlExecutions = Futures.joinOrNote(sql, Optional.<List<ExecutionDataDto>>empty(), notes, "SQL queries")
                .orElse(List.of());
        List<JobDataDto> jobList = Futures.join(lists).jobs();
        List<StageDataDto> stageList = Futures.join(lists).stages();
        long leftOut = Futures.join(lists).stagesLeftOut();
        if (leftOut > 0) {
            notes.add(String.format(Locale.ROOT, "the newest %,d of %,d stage attempts read (the rest left out to bound memory;"
                    + " run %s to raise the bound)", stageList.size(), stageList.size() + leftOut,
                    dev.sparkdoc.source.ReadBounds.raise(IncrementalLists.MAX_STAGES_PROPERTY, "<n>")));
        }
        List<ExecutorSummaryDto> executorList = Futures.join(executors);
        // how long the driver took to answer what every poll asks: a slow answer is worth its dump. Not
        // the first poll's: a UI builds its REST resources on the first request, slowly on a busy host
        long answerMs = firstPoll ? 0 : (System.nanoTime() - pollStartedNanos) / 1_000_000;
        Instant now = driverNow(notes);
        Map<String, StageDetails> details =
                stageDetails.load(api, app, stageList, slots(executorList), now, stageDetailBudget(), notes);

        Application application = ApplicationMapper.map(choice.app(), choice.attempt());
        Map<Integer, Long> sqlByJob = SqlMapper.executionByJob(sqlExecutions);
        List<Job> jobModels = jobList.stream().map(j -> JobMapper.map(j, sqlByJob)).toList();
        Map<Integer, List<Integer>> jobsByStage = jobsByStage(jobList);
        List<Stage> stageModels = stageList.stream()
                .map(s -> StageMapper.map(s, jobsByStage.getOrDefault(s.stageId(), List.of()),
                        details.getOrDefault(s.key(), StageDetails.NONE)))
                .toList();
        List<Executor> executorModels = executorList.stream().map(ExecutorMapper::map).toList();
        Map<Long, Map<String, String>> texts = planTexts.load(api, app, sqlExecutions);
        List<SqlExecution> sqlModels = sqlExecutions.stream()
                .map(e -> SqlMapper.map(e, texts.getOrDefault(e.id(), Map.of()))).toList();

        Environment environmentModel = Futures.joinOrNote(env, Environment.EMPTY, notes, "Spark properties");
        // the dump's note, if any, belongs with the others: read before SourceInfo takes them
        boolean live = choice.kind() == SourceKind.LIVE && !application.completed();
        List<TaskThread> threads = live ? taskThreads.probe(api, app, stageModels, now, notes) : List.of();
        Optional<DriverDump> driverDump = live
                ? driverThreads.probe(api, app, application, stageModels, answerMs, now, notes) : Optional.empty();
        SourceInfo source = new SourceInfo(choice.kind(), target.display(), application.completed(), 0, 0, notes);
        return new AppSnapshot(source, application, jobModels, stageModels, executorModels, sqlModels,
                environmentModel, now, threads, driverDump, LiveStreams.of(jobModels, sqlModels));
    }

    /**
     * What the stage details may spend of the poll's requests: what the application, lists,
     * executors, SQL pages and environment left, less the plan texts read after them.
     */
    private int stageDetailBudget() {
        long spent = client.requests() - requestsAtPollStart;
        return (int) Math.max(0, MAX_REQUESTS_PER_POLL - spent - PlanTexts.PER_POLL - TaskThreads.PER_POLL - DriverThreads.PER_POLL);
    }

    /**
     * "Now" on the driver's clock, which stamped every time in the snapshot (see {@link DriverClock});
     * a note says when the two clocks differ, so a user comparing with their watch is not puzzled.
     */
    private Instant driverNow(List<String> notes) {
        Duration offset = client.driverClock().offset();
        if (!offset.isZero()) {
            notes.add("the driver's clock is " + offset.abs().toSeconds() + " s " + (offset.isNegative() ? "behind" : "ahead of")
                    + " this host's; running times are measured on the driver's clock");
        }
        return clock.instant().plus(offset);
    }

    /**
     * Read once: the environment only changes when jars or files are added at run time, and the
     * response is large (Hadoop properties and the class path). Absent (404) reads as empty.
     */
    private Environment environment(SparkApi api, AppRef app) {
        if (environment == null) {
            environment = api.environment(app).map(EnvironmentMapper::map).orElse(Environment.EMPTY);
        }
        return environment;
    }

    /** Task slots of the live executors: the most tasks that can run at once. */
    private static int slots(List<ExecutorSummaryDto> executors) {
        return executors.stream().filter(ExecutorSummaryDto::isActive).mapToInt(ExecutorSummaryDto::maxTasks).sum();
    }

    private static Map<Integer, List<Integer>> jobsByStage(List<JobDataDto> jobs) {
        Map<Integer, List<Integer>> out = new HashMap<>();
        for (JobDataDto job : jobs) {
            for (int stageId : job.stageIds()) {
                out.computeIfAbsent(stageId, k -> new ArrayList<>()).add(job.jobId());
            }
        }
        out.values().forEach(ids -> ids.sort(Integer::compare));
        return out;
    }

    private <T> CompletableFuture<T> async(java.util.function.Supplier<T> request) {
        return CompletableFuture.supplyAsync(request, pool);
    }
}
