package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The post-mortem of an event log that ends before the application did: crashed or not (see
 * {@link PostMortem}), what was running, the result bytes the driver had already fetched against
 * its heap and spark.driver.maxResultSize, the driver's heap peak, and the JVM's last words from
 * the driver log.
 */
public final class CrashSignals {

    public static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact CRASHED = FACTS.flag("app.crashed",
            "the event log ends early and the driver is known dead: a JVM death in the driver log, or no write for 30 min");
    public static final Fact LOG_QUIET = FACTS.ms("app.log.quiet", "time between the event log's last write and this read");
    public static final Fact RUNNING_WORK = FACTS.text("app.crash.running", "what was running when the log ends: jobs, stages, the last SQL query");
    public static final Fact RESULT_BYTES = FACTS.bytes("app.crash.resultBytes",
            "task results (Result Size) the driver had fetched for the jobs still running");
    public static final Fact RESULT_FRACTION_OF_HEAP = FACTS.fraction("app.crash.resultFractionOfHeap",
            "results fetched by running jobs / driver heap");
    public static final Fact MAX_RESULT_NO_GUARD = FACTS.flag("app.driver.maxResultSizeNoGuard",
            "spark.driver.maxResultSize is 0 or at least the driver heap: the heap fills before the limit stops a collect");
    public static final Fact MAX_RESULT_GUARD = FACTS.text("app.driver.maxResultSize.guard",
            "what spark.driver.maxResultSize does against the driver's heap: no limit, one the heap cannot reach, or one that fails a big collect cleanly");
    public static final Fact DRIVER_HEAP_PEAK_FRACTION = FACTS.fraction("app.driver.heap.peakFraction", "driver's peak JVM heap / driver memory");
    public static final Fact DRIVER_MAJOR_GC = FACTS.ms("app.driver.gc.major", "the driver's major GC time (MajorGCTime peak)");
    public static final Fact MEMORY_EVIDENCE = FACTS.flag("app.crash.memoryEvidence",
            "memory points at the driver: an OutOfMemoryError in its log, results >= 50% of its heap, or its heap peak >= 90%");
    public static final Fact SECONDS_LOST = FACTS.seconds("app.crash.secondsLost",
            "work lost: from the first running job's start to the log's end");
    public static final Fact LOG_CUT_HOW = FACTS.text("app.log.cutHow",
            "what an event log that ends early says of the application: still running or just died, or cut after the fact");
    public static final Fact DRIVER_LOG_DIED = FACTS.flag("app.driverLog.died", "the driver log shows a JVM or container death");
    public static final Fact DRIVER_LOG_DEATH = FACTS.text("app.driverLog.death", "the death in words, with the log's time");
    public static final Fact DRIVER_LOG_MEMORY = FACTS.flag("app.driverLog.deathForMemory", "the death proves a memory problem");
    public static final Fact DRIVER_LOG_LINE = FACTS.text("app.driverLog.line", "the driver log's line that says it");

    private static final int MAX_NAMED_JOBS = 3;

    private CrashSignals() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        PostMortem pm = ctx.postMortem();
        pm.death().ifPresent(d -> sink.put(DRIVER_LOG_DIED, true)
                .put(DRIVER_LOG_MEMORY, d.memory())
                // -XX:+ExitOnOutOfMemoryError's line has no time stamp: the last one before it, else the log's end
                .text(DRIVER_LOG_DEATH, d.meaning() + " (" + d.time().map(t -> "at " + t)
                        .orElse("after the event log's last event, " + ctx.now()) + ")")
                .text(DRIVER_LOG_LINE, d.line()));
        ctx.driverLog().filter(l -> pm.death().isEmpty()).ifPresent(l -> sink.put(DRIVER_LOG_DIED, false));
        driverMemory(ctx, sink);
        if (pm.verdict() == PostMortem.Verdict.CUT) {
            sink.put(CRASHED, false).text(LOG_CUT_HOW, "it has the name Spark gives a finished log (it renames the log"
                    + " after writing ApplicationEnd): it was cut or copied incomplete after the application stopped");
            pm.quiet().ifPresent(q -> sink.put(LOG_QUIET, q.toMillis()));
            return;
        }
        if (pm.verdict() != PostMortem.Verdict.CRASHED && pm.verdict() != PostMortem.Verdict.UNDECIDED) {
            return;
        }
        if (pm.verdict() == PostMortem.Verdict.UNDECIDED) {
            sink.text(LOG_CUT_HOW, "with no sign yet that the driver died: still running, or the driver died moments ago");
        }
        sink.put(CRASHED, pm.verdict() == PostMortem.Verdict.CRASHED);
        pm.quiet().ifPresent(q -> sink.put(LOG_QUIET, q.toMillis()));
        AppSnapshot s = ctx.snapshot();
        List<Job> running = s.jobs().stream().filter(j -> j.status() == JobStatus.RUNNING)
                .sorted(Comparator.comparingInt(Job::jobId)).toList();
        sink.text(RUNNING_WORK, describe(ctx, running));
        long results = running.stream().flatMap(j -> j.stageIds().stream())
                .flatMap(id -> s.stages().stream().filter(st -> st.stageId() == id))
                .mapToLong(st -> st.totals().resultSizeBytes()).sum();
        double fraction = FactSink.ratio(results, ctx.driverHeap().bytes());
        sink.put(RESULT_BYTES, results).put(RESULT_FRACTION_OF_HEAP, fraction);
        // a job's start may not have reached the log before the driver died: a running query's start counts too
        long firstStart = java.util.stream.Stream.concat(running.stream().flatMap(j -> j.submissionTime().stream()),
                        s.sqlExecutions().stream().filter(q -> q.status().equalsIgnoreCase("RUNNING"))
                                .flatMap(q -> q.submissionTime().stream()))
                .mapToLong(t -> t.toEpochMilli()).min().orElse(ctx.now().toEpochMilli());
        sink.put(SECONDS_LOST, Math.max(0, ctx.now().toEpochMilli() - firstStart) / 1000.0);
        double heapPeak = driverHeapPeakFraction(ctx).orElse(0.0);
        sink.put(MEMORY_EVIDENCE, pm.death().map(d -> d.memory()).orElse(false) || fraction >= 0.5 || heapPeak >= 0.9);
    }

    private static void driverMemory(AppContext ctx, FactSink sink) {
        long max = ctx.settings().bytes("spark.driver.maxResultSize");
        DriverHeapSize driverHeap = ctx.driverHeap();
        long heap = driverHeap.bytes();
        sink.put(MAX_RESULT_NO_GUARD, max == 0 || max >= heap);
        if (ctx.hasConfig()) {
            String limit = ctx.settings().get("spark.driver.maxResultSize").map(Setting::display)
                    .orElse("spark.driver.maxResultSize = " + ByteFormat.of(max));
            String heapText = ByteFormat.of(heap) + " heap (" + driverHeap.source() + ")";
            sink.text(MAX_RESULT_GUARD, max == 0 ? limit + ": no limit, a collect can fill the driver's " + heapText
                    : max >= heap ? limit + " is at or above the driver's " + heapText + ": the heap fills before the limit can stop a collect"
                    : limit + ", under the driver's " + heapText + ": a collect past it fails the job cleanly instead of the driver");
        }
        driverHeapPeakFraction(ctx).ifPresent(f -> sink.put(DRIVER_HEAP_PEAK_FRACTION, f));
        driver(ctx).flatMap(d -> d.peak("MajorGCTime")).ifPresent(gc -> sink.put(DRIVER_MAJOR_GC, gc));
    }

    private static Optional<Executor> driver(AppContext ctx) {
        return ctx.snapshot().executors().stream().filter(Executor::isDriver).findFirst();
    }

    private static Optional<Double> driverHeapPeakFraction(AppContext ctx) {
        return driver(ctx).flatMap(d -> d.peak("JVMHeapMemory")).filter(v -> v > 0)
                .map(v -> FactSink.ratio(v, ctx.driverHeap().bytes()));
    }

    /** "job 3 'collect at App.java:12': result stage 5.0 'collect at App.java:12' (a collect, 3/8 tasks done); SQL 2 '…'". */
    static String describe(AppContext ctx, List<Job> running) {
        List<String> parts = new ArrayList<>();
        for (Job job : running.subList(0, Math.min(MAX_NAMED_JOBS, running.size()))) {
            String name = ctx.names().job(job);
            StringBuilder b = new StringBuilder("job " + job.jobId() + " '" + shorten(name) + "'");
            if (isBroadcast(job)) {
                b.append(" (a broadcast build)");
            }
            int resultStage = job.stageIds().stream().mapToInt(Integer::intValue).max().orElse(-1);
            ctx.snapshot().stages().stream()
                    .filter(st -> st.status() == StageStatus.ACTIVE && job.stageIds().contains(st.stageId()))
                    .forEach(st -> b.append(": ").append(stage(ctx, st, st.stageId() == resultStage)));
            parts.add(b.toString());
        }
        if (running.size() > MAX_NAMED_JOBS) {
            parts.add((running.size() - MAX_NAMED_JOBS) + " more job(s)");
        }
        ctx.snapshot().sqlExecutions().stream().filter(q -> q.status().equalsIgnoreCase("RUNNING"))
                .max(Comparator.comparingLong(SqlExecution::id))
                .ifPresent(q -> parts.add("SQL " + q.id() + " '" + shorten(q.description()) + "'"));
        return parts.isEmpty() ? "no job (the driver was between jobs)" : String.join("; ", parts);
    }

    /** The stage by where it runs in the user's code (its job already gave the description). */
    private static String stage(AppContext ctx, Stage st, boolean result) {
        String kind = result ? "result stage" : "stage";
        String action = collectLike(st.name()) ? ", pulling results to the driver" : "";
        return String.format(Locale.ROOT, "%s %s '%s' (%d/%d tasks done%s)", kind, st.key(),
                shorten(ctx.names().callSite(st).orElse(st.name())),
                st.tasks().completed(), st.tasks().total(), action);
    }

    /** The actions that bring results into the driver's heap. */
    static boolean collectLike(String stageName) {
        String n = stageName.toLowerCase(Locale.ROOT);
        return n.startsWith("collect") || n.startsWith("take") || n.startsWith("topandas") || n.startsWith("head ")
                || n.startsWith("showstring") || n.startsWith("first ") || n.contains("collectastoarrow")
                || n.contains("collecttopython") || n.startsWith("tolocaliterator");
    }

    private static boolean isBroadcast(Job job) {
        String text = (job.description().orElse("") + " " + job.jobGroup().orElse("") + " " + job.name()).toLowerCase(Locale.ROOT);
        return text.contains("broadcast");
    }

    private static String shorten(String s) {
        String one = s.strip().replaceAll("\\s+", " ");
        return one.length() > 80 ? one.substring(0, 77) + "..." : one;
    }
}
