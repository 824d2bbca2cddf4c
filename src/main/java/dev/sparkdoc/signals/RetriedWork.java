package dev.sparkdoc.signals;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.FailureMessages;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Work thrown away by task attempts that failed and ran again, in stages that then completed:
 * the retries worked, but the failed attempts' run time (the account's {@code failed} part) was
 * spent for nothing. Grouped by reason across stages (Spark's end reason and the message with its
 * numbers and addresses removed, {@link FailureMessages}), so one flaky cause over forty stages is
 * one finding, and priced by the attempts' own durations: a thousand attempts that died in
 * milliseconds cost less than three that ran a minute each. Failed stages are the error rules'.
 */
final class RetriedWork {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact REASON = FACTS.text("app.retries.reason",
            "the reason of the failed-and-retried task attempts that wasted the most slot time, numbers and addresses removed");
    static final Fact TASK_TIME = FACTS.ms("app.retries.taskTime",
            "slot time of that reason's failed attempts in stages that completed (their share of the account's failed part)");
    static final Fact SECONDS_LOST = FACTS.seconds("app.retries.secondsLost",
            "that reason's wasted slot time spread over the app's slots");
    static final Fact ATTEMPTS = FACTS.count("app.retries.attempts", "task attempts that failed for that reason in stages that completed");
    static final Fact PER_ATTEMPT = FACTS.ms("app.retries.perAttempt", "how long each of those attempts ran before it failed, on average");
    static final Fact STAGES = FACTS.text("app.retries.stages", "the stage attempts where that reason's attempts failed");
    static final Fact OTHERS = FACTS.text("app.retries.others",
            "the other reasons of failed-and-retried attempts, each with its attempts and wasted slot time");

    private RetriedWork() {
    }

    /** One reason's failed attempts across stages. */
    private static final class Reason {
        final String text;
        double ms;
        int attempts;
        final TreeSet<String> stages = new TreeSet<>(Comparator.comparingDouble(RetriedWork::stageOrder));

        Reason(String text) {
            this.text = text;
        }
    }

    static void compute(AppContext ctx, FactSink sink) {
        Map<String, Reason> byReason = new LinkedHashMap<>();
        for (Stage stage : ctx.snapshot().stages()) {
            if (stage.status() == StageStatus.COMPLETE) {
                add(stage, byReason);
            }
        }
        List<Reason> ranked = new ArrayList<>(byReason.values());
        ranked.sort(Comparator.comparingDouble((Reason r) -> r.ms).reversed());
        if (ranked.isEmpty() || ranked.get(0).ms <= 0) {
            return;
        }
        Reason top = ranked.get(0);
        sink.text(REASON, top.text)
                .put(TASK_TIME, top.ms)
                .put(SECONDS_LOST, top.ms / Math.max(1, ctx.slots()) / 1000.0)
                .put(ATTEMPTS, top.attempts)
                .put(PER_ATTEMPT, top.ms / Math.max(1, top.attempts))
                .text(STAGES, (top.stages.size() == 1 ? "stage " : "stages ") + String.join(", ", top.stages));
        List<String> others = ranked.subList(1, ranked.size()).stream().filter(r -> r.attempts > 0)
                .map(r -> r.text + " (" + r.attempts + " attempt(s), " + DurationFormat.of(r.ms) + ")").toList();
        if (!others.isEmpty()) {
            sink.text(OTHERS, String.join("; ", others));
        }
    }

    /**
     * Shares the stage's failed slot time among its failure groups: by count, each weighted by its
     * sampled attempts' mean duration where the model kept samples of it (the first ten failures).
     * Deliberate kills (speculation, cancellation) are not failures to retry.
     */
    private static void add(Stage stage, Map<String, Reason> byReason) {
        double failedMs = TimeAccount.stageSlotMs(stage).getOrDefault(Cause.FAILED, 0.0);
        List<TaskFailure> groups = stage.failures().stream().filter(f -> FailureKind.of(f) != FailureKind.KILLED).toList();
        if (groups.isEmpty() || failedMs <= 0) {
            return;
        }
        List<TaskSample> samples = stage.notableTasks().stream().filter(s -> "FAILED".equals(s.status())).toList();
        double meanAll = samples.stream().mapToLong(TaskSample::durationMs).average().orElse(1);
        Map<TaskFailure, Double> weight = new LinkedHashMap<>();
        for (TaskFailure f : groups) {
            String key = FailureMessages.normalised(f.message());
            double mean = samples.stream().filter(s -> s.errorMessage().map(m -> FailureMessages.normalised(firstLine(m)).equals(key)).orElse(false))
                    .mapToLong(TaskSample::durationMs).average().orElse(meanAll);
            weight.put(f, f.count() * Math.max(mean, 1));
        }
        double total = weight.values().stream().mapToDouble(Double::doubleValue).sum();
        weight.forEach((f, w) -> {
            Reason r = byReason.computeIfAbsent(key(f), Reason::new);
            r.ms += failedMs * w / total;
            r.attempts += f.count();
            r.stages.add(stage.key());
        });
    }

    /** Spark's end reason, the exception class and the message without what differs per attempt. */
    static String key(TaskFailure f) {
        String message = FailureMessages.normalised(f.message());
        String head = f.exceptionClass().filter(c -> !message.startsWith(c)).map(c -> c + ": ").orElse("");
        String text = (head + message).strip();
        if (text.isEmpty() || text.equals(f.reason())) {
            return f.reason();
        }
        return f.reason().equals("ExceptionFailure") ? text : f.reason() + ": " + text;
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    /** "12.0" sorts after "3.1": by stage id, then attempt. */
    private static double stageOrder(String key) {
        int dot = key.indexOf('.');
        return Double.parseDouble(key.substring(0, dot)) * 1000 + Double.parseDouble(key.substring(dot + 1));
    }
}
