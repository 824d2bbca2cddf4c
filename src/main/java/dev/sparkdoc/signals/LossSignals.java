package dev.sparkdoc.signals;

import dev.sparkdoc.explain.ExitCodes;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskFailure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Lost shuffle output and lost executors for every reason that is not memory (memory has its own
 * rules): FetchFailed, executors removed for a node lost, preemption, decommissioning, a
 * heartbeat timeout or a bare exit code, excluded executors, and the stage attempts that reran.
 */
public final class LossSignals {

    public static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact FETCH_FAILURES = FACTS.count("app.fetchFailures", "task attempts failed with FetchFailed: map output gone");
    public static final Fact FETCH_FAILED_STAGES = FACTS.text("app.fetchFailed.stages", "the stage attempts with fetch failures");
    public static final Fact LOST = FACTS.count("app.executors.lostNotMemory",
            "executors removed for a failure without a memory reason (node lost, preemption, heartbeat, exit code)");
    public static final Fact LOST_LIST = FACTS.text("app.executors.lostList", "the executors lost, grouped by Spark's reason");
    public static final Fact LOST_CAUSE = FACTS.text("app.executors.lostCause",
            "what the removal reasons say happened, or that the cause is a guess");
    public static final Fact CAUSE_KNOWN = FACTS.flag("app.executors.lostCauseKnown",
            "the removal reasons name the cause (node lost, preemption, decommission, heartbeat, an exit code)");
    public static final Fact EXCLUDED = FACTS.count("app.executors.excluded", "executors excluded for task failures");
    public static final Fact STAGES_RETRIED = FACTS.count("app.stages.retried", "stage attempts after the first (attempt > 0)");
    public static final Fact STAGE_FAILED = FACTS.flag("app.fetchFailed.stageFailed",
            "a stage failed on lost shuffle output and no later attempt of it ran or is running (not recovered by a retry)");
    public static final Fact RECOMPUTE_SECONDS_LOST = FACTS.seconds("app.recompute.secondsLost",
            "wall time of stage attempts that reran (attempt > 0) and of attempts failed on lost shuffle output");

    /** Executor ids are numbers in Spark's own order; anything else after them, by name. */
    private static final java.util.Comparator<String> EXECUTOR_ORDER = java.util.Comparator
            .comparingLong((String id) -> id.matches("\\d{1,18}") ? Long.parseLong(id) : Long.MAX_VALUE)
            .thenComparing(java.util.Comparator.naturalOrder());

    private static final java.util.regex.Pattern CONTAINER_ID = java.util.regex.Pattern.compile("container_[\\w]+");

    private LossSignals() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        AppSnapshot s = ctx.snapshot();
        int fetchFailures = 0;
        List<String> fetchStages = new ArrayList<>();
        boolean stageFailed = false;
        double recompute = 0;
        for (Stage st : s.stages()) {
            int fetch = st.failures().stream().filter(LossSignals::isFetchFailure).mapToInt(TaskFailure::count).sum();
            boolean failedOnFetch = st.status() == StageStatus.FAILED
                    && (fetch > 0 || st.failureReason().map(r -> r.contains("FetchFailed")).orElse(false));
            if (fetch > 0 || failedOnFetch) {
                fetchStages.add("stage " + st.key() + " '" + ctx.names().stage(st) + "'");
            }
            fetchFailures += fetch;
            // Spark fails every stage attempt that hits a FetchFailed and resubmits it: only an
            // attempt no retry took over lost the work (the stage, and its job, failed)
            stageFailed |= failedOnFetch && !retried(s, st);
            if (st.attemptId() > 0 || failedOnFetch) {
                recompute += st.durationMs(ctx.now()).orElse(0L) / 1000.0;
            }
        }
        sink.put(FETCH_FAILURES, fetchFailures).put(STAGE_FAILED, stageFailed)
                .put(STAGES_RETRIED, s.stages().stream().filter(st -> st.attemptId() > 0).count())
                .put(RECOMPUTE_SECONDS_LOST, recompute)
                .put(EXCLUDED, s.executors().stream().filter(Executor::excluded).count());
        if (!fetchStages.isEmpty()) {
            sink.text(FETCH_FAILED_STAGES, String.join(", ", fetchStages.subList(0, Math.min(3, fetchStages.size())))
                    + (fetchStages.size() > 3 ? " and " + (fetchStages.size() - 3) + " more" : ""));
        }
        lost(s, sink);
    }

    /** A later attempt of the stage completed, or is running or waiting to. */
    private static boolean retried(AppSnapshot s, Stage failed) {
        return s.stages().stream().anyMatch(st -> st.stageId() == failed.stageId() && st.attemptId() > failed.attemptId()
                && st.status() != StageStatus.FAILED && st.status() != StageStatus.SKIPPED);
    }

    private static boolean isFetchFailure(TaskFailure f) {
        return FailureKind.of(f) == FailureKind.FETCH_FAILED;
    }

    private static void lost(AppSnapshot s, FactSink sink) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (Executor e : s.executors()) {
            if (e.removeReason().isEmpty() || !lostNotForMemory(e.removeReason().get())) {
                continue;
            }
            // one group per reason, whatever container it names
            String reason = CONTAINER_ID.matcher(e.removeReason().get().strip()).replaceAll("container_…");
            byReason.computeIfAbsent(reason, r -> new ArrayList<>()).add(e.id());
        }
        int count = byReason.values().stream().mapToInt(List::size).sum();
        sink.put(LOST, count);
        if (count == 0) {
            List<String> fromTasks = lostInTaskFailures(s);
            if (!fromTasks.isEmpty()) {
                // the log has no removal event (cut, or written before it), but a task says its executor went
                sink.text(LOST_LIST, String.join(", ", fromTasks) + " (named by ExecutorLostFailure of their tasks; no removal recorded)")
                        .text(LOST_CAUSE, "unknown: the tasks say their executor was lost, and no removal reason was recorded");
                return;
            }
            // fetch failures without a removal: the map output's host was unreachable or lost its files
            sink.text(LOST_LIST, "none removed").text(LOST_CAUSE,
                    "no executor removal recorded: the host serving the map output was unreachable or lost its shuffle files");
            return;
        }
        List<String> groups = new ArrayList<>();
        byReason.forEach((reason, ids) -> groups.add(String.join(", ", ids.stream().sorted(EXECUTOR_ORDER).toList())
                + " (" + shorten(reason) + ")"));
        sink.text(LOST_LIST, String.join("; ", groups));
        String all = String.join("\n", byReason.keySet());
        String cause = cause(all);
        sink.text(LOST_CAUSE, cause).put(CAUSE_KNOWN, !cause.startsWith("unknown"));
    }

    /** Executors that failed tasks say were lost (ExecutorLostFailure), in Spark's order. */
    private static List<String> lostInTaskFailures(AppSnapshot s) {
        return s.stages().stream().flatMap(st -> st.failures().stream())
                .filter(f -> FailureKind.of(f) == FailureKind.EXECUTOR_LOST && !f.executorId().isEmpty())
                .map(TaskFailure::executorId).distinct().sorted(EXECUTOR_ORDER).toList();
    }

    /** A failure (not idle dynamic allocation or the app's own end) that no memory words explain. */
    static boolean lostNotForMemory(String reason) {
        String r = reason.toLowerCase(Locale.ROOT);
        // YARN's "exited from explicit termination request" is the driver releasing it (dynamic allocation)
        boolean planned = r.contains("idle") || r.contains("killed by driver") || r.contains("stopped")
                || r.contains("shutdown") || r.contains("finished") || r.contains("explicit termination request");
        boolean memory = ExitCodes.namesMemory(reason) && !ExitCodes.namesNodeLoss(reason);
        return !planned && !memory;
    }

    /** The reasons in words; "Executor Process Lost" alone says nothing, and the finding says its cause is a guess. */
    static String cause(String reasons) {
        String r = reasons.toLowerCase(Locale.ROOT);
        if (ExitCodes.namesNodeLoss(reasons)) {
            return r.contains("decommission") ? "decommissioning: the executors were taken away on purpose"
                    : "preemption or a lost node (the cluster took the container back), not memory";
        }
        if (r.contains("heartbeat")) {
            return "heartbeats timed out: a long GC pause, a hung or unreachable node";
        }
        var code = ExitCodes.find(reasons);
        if (code.isPresent()) {
            return ExitCodes.meaning(code.get());
        }
        return "unknown, a guess: the process died without a reason Spark could see (killed by the cluster manager,"
                + " a lost node or a native crash); read the NodeManager or kubelet log of that host";
    }

    private static String shorten(String s) {
        String one = s.replaceAll("\\s+", " ");
        return one.length() > 100 ? one.substring(0, 97) + "..." : one;
    }
}
