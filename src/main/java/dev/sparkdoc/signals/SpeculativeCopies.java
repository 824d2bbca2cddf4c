package dev.sparkdoc.signals;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What speculation, on for the app, cost and gained. Spark's TaskSetManager kills the other
 * attempts of a task as soon as one succeeds (TaskKilled "another attempt succeeded"): a killed
 * speculative copy lost its race (its slot time was spent for nothing), a killed original lost to
 * its copy (the copy won: the original's executor was the slow one). The lost attempts' slot time
 * is the account's {@code speculationLost} part, summed per stage as the account counts it.
 *
 * <p>The model keeps the first ten killed attempts of a stage as samples; counts and times are the
 * samples' scaled to the stage's killed attempts, as the account scales them.
 */
final class SpeculativeCopies {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact ON = FACTS.flag("app.speculation.on", "spark.speculation is on for the application");
    static final Fact LOST_TASK_TIME = FACTS.ms("app.speculation.lostTaskTime",
            "slot time of the task attempts killed because another attempt of the same task finished first (the account's speculationLost part)");
    static final Fact SECONDS_LOST = FACTS.seconds("app.speculation.secondsLost",
            "app.speculation.lostTaskTime spread over the app's slots");
    static final Fact LOST_ATTEMPTS = FACTS.count("app.speculation.lostAttempts", "task attempts killed because another attempt of the task finished first");
    static final Fact COPIES_LOST = FACTS.count("app.speculation.copiesLost",
            "speculative copies killed because the original attempt finished first: launched for nothing");
    static final Fact COPIES_WON = FACTS.count("app.speculation.copiesWon",
            "original attempts killed because their speculative copy finished first: the copy rescued a slow task");
    static final Fact SAVED = FACTS.ms("app.speculation.savedEstimate",
            "an estimate of the wall time the winning copies saved: for each original killed by its copy, the original's run time at the kill"
                    + " minus the copy's duration (the stage's median task time when the copy was not sampled); how long the original had"
                    + " already run when its copy started, the least it would have added had it needed its copy's time again");
    static final Fact SLOW_WHERE = FACTS.text("app.speculation.slowWhere",
            "the executors and hosts where originals lost to their copies (the slow nodes), most first");
    static final Fact LOSERS_WHERE = FACTS.text("app.speculation.losersWhere",
            "the executors and hosts where the speculative copies that lost ran, most first");
    static final Fact STAGES = FACTS.text("app.speculation.stages", "the stage attempts with attempts that lost a speculative race, most slot time first");
    static final Fact NEXT_MULTIPLIER = FACTS.ratio("app.speculation.multiplier.next",
            "a spark.speculation.multiplier twice the one in force (at least 3): a copy only for a task that much slower than the median");
    static final Fact NEXT_QUANTILE = FACTS.fraction("app.speculation.quantile.next",
            "a spark.speculation.quantile above the one in force (0.95 at most): copies only once more of a stage's tasks have finished;"
                    + " 0 when the one in force is 0.95 or more");
    static final Fact NEXT_MIN_RUNTIME = FACTS.ms("app.speculation.minTaskRuntime.next",
            "a spark.speculation.minTaskRuntime of the lost copies' mean run time, in whole seconds: no copy of a task that short;"
                    + " 0 when the one in force is as long, no copy lost, or the app's Spark lacks the setting (before 3.2)");

    /** TaskKilled's reason for the attempt that lost the race (TaskSetManager.handleSuccessfulTask). */
    private static final String ANOTHER_ATTEMPT = "another attempt succeeded";

    private SpeculativeCopies() {
    }

    /** What the races of all stages add up to. */
    private static final class Races {
        double lostMs;
        double lostAttempts;
        double copiesLost;
        double copiesWon;
        double copiesLostRunMs;
        double savedMs;
        final Map<String, Double> slow = new LinkedHashMap<>();
        final Map<String, Double> losers = new LinkedHashMap<>();
        final Map<String, Double> stages = new LinkedHashMap<>();
    }

    static void compute(AppContext ctx, FactSink sink) {
        Settings settings = ctx.settings();
        if (settings.isNone() || !settings.bool("spark.speculation")) {
            return;
        }
        sink.put(ON, true);
        Races r = new Races();
        ctx.snapshot().stages().forEach(stage -> add(stage, r));
        if (r.lostAttempts <= 0) {
            return;
        }
        sink.put(LOST_TASK_TIME, r.lostMs)
                .put(SECONDS_LOST, r.lostMs / Math.max(1, ctx.slots()) / 1000.0)
                .put(LOST_ATTEMPTS, Math.round(r.lostAttempts))
                .put(COPIES_LOST, Math.round(r.copiesLost))
                .put(COPIES_WON, Math.round(r.copiesWon))
                .put(SAVED, r.savedMs);
        // every placeholder of the rule has a value when it fires; the remedies' conditions choose what is said
        sink.text(SLOW_WHERE, r.slow.isEmpty() ? "no original lost to its copy" : mostFirst(r.slow));
        sink.text(LOSERS_WHERE, r.losers.isEmpty() ? "no copy lost" : mostFirst(r.losers));
        sink.text(STAGES, (r.stages.size() == 1 ? "stage " : "stages ") + String.join(", ", ranked(r.stages)));
        proposals(settings, r, sink);
    }

    private static void add(Stage stage, Races r) {
        double lost = TimeAccount.stageSlotMs(stage).getOrDefault(Cause.SPECULATION_LOST, 0.0);
        List<TaskSample> killed = stage.notableTasks().stream().filter(s -> "KILLED".equals(s.status())).toList();
        List<TaskSample> copies = killed.stream().filter(TaskSample::speculative).toList();
        List<TaskSample> originals = killed.stream().filter(s -> !s.speculative() && lostRace(s)).toList();
        if (lost <= 0 || copies.size() + originals.size() == 0) {
            return;
        }
        double scale = (double) stage.tasks().killed() / killed.size();
        r.lostMs += lost;
        r.lostAttempts += (copies.size() + originals.size()) * scale;
        r.copiesLost += copies.size() * scale;
        r.copiesWon += originals.size() * scale;
        r.copiesLostRunMs += copies.stream().mapToLong(TaskSample::durationMs).sum() * scale;
        r.stages.merge(stage.key(), lost, Double::sum);
        double median = stage.quantiles().map(q -> q.get(TaskMetric.DURATION)).map(Quantiles::p50).orElse(0.0);
        for (TaskSample original : originals) {
            double winner = stage.notableTasks().stream()
                    .filter(t -> t.speculative() && t.index() == original.index() && "SUCCESS".equals(t.status()))
                    .mapToDouble(TaskSample::durationMs).findFirst().orElse(median);
            r.savedMs += Math.max(0, original.durationMs() - winner) * scale;
            r.slow.merge(where(original), scale, Double::sum);
        }
        copies.forEach(c -> r.losers.merge(where(c), scale, Double::sum));
    }

    private static boolean lostRace(TaskSample s) {
        return s.errorMessage().map(m -> m.toLowerCase(Locale.ROOT).contains(ANOTHER_ATTEMPT)).orElse(false);
    }

    /** Settings that launch fewer needless copies, each beyond the one in force (never the value the app runs with). */
    private static void proposals(Settings settings, Races r, FactSink sink) {
        double multiplier = settings.number("spark.speculation.multiplier");
        sink.put(NEXT_MULTIPLIER, Math.max(3, 2 * multiplier));
        double quantile = settings.number("spark.speculation.quantile");
        sink.put(NEXT_QUANTILE, quantile < 0.95 ? Math.min(0.95, Math.max(0.9, quantile + 0.1)) : 0);
        long next = 0;
        if (r.copiesLost >= 1 && settings.exists("spark.speculation.minTaskRuntime")) {
            double meanCopy = r.copiesLostRunMs / r.copiesLost;
            long whole = Math.max(1, (long) Math.ceil(meanCopy / 1000)) * 1000;
            next = whole > settings.millis("spark.speculation.minTaskRuntime") ? whole : 0;
        }
        sink.put(NEXT_MIN_RUNTIME, next);
    }

    private static String where(TaskSample t) {
        return "executor " + t.executorId() + " on " + t.host();
    }

    /** "executor 7 on host-12291 (3 attempts), executor 2 on host-4 (1 attempt)". */
    private static String mostFirst(Map<String, Double> counts) {
        return ranked(counts).stream().map(k -> {
            long n = Math.round(counts.get(k));
            return k + " (" + n + (n == 1 ? " attempt)" : " attempts)");
        }).collect(java.util.stream.Collectors.joining(", "));
    }

    private static List<String> ranked(Map<String, Double> values) {
        List<String> keys = new ArrayList<>(values.keySet());
        keys.sort(Comparator.comparingDouble((String k) -> values.get(k)).reversed());
        return keys;
    }
}
