package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Quantiles;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.model.TaskSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Why speculation, on for the app, did not rescue a stage's slowest task, from the settings in
 * force: Spark's TaskSetManager launches a copy of a task only once
 * {@code max(floor(spark.speculation.quantile × tasks), 1)} of the stage's tasks have succeeded,
 * and only of a task running longer than {@code spark.speculation.multiplier} × their median; a
 * copy that was launched and lost the race says the data, not the host, is slow. A copy never runs
 * on a host where the task already runs, so an app on one host (local mode, local-cluster) gets none.
 */
final class Speculation {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact WHY_NOT = FACTS.text("stage.speculation.whyNot",
            "why speculation, on for the app, did not rescue the slowest task: a copy that was as slow, the multiplier not"
                    + " reached, or the quantile of tasks that must finish first, each with its setting and origin");

    private Speculation() {
    }

    /** @param hosts the hosts the app's executors ran on (the driver's in local mode) */
    static void compute(Settings settings, Stage stage, long hosts, FactSink sink) {
        if (settings == Settings.NONE || !settings.bool("spark.speculation", false)) {
            return;
        }
        Optional<TaskSample> slowest = stage.notableTasks().stream()
                .filter(t -> t.running() || "SUCCESS".equals(t.status()))
                .max(Comparator.comparingLong(TaskSample::durationMs));
        Optional<Quantiles> d = stage.quantiles().map(q -> q.get(TaskMetric.DURATION));
        double p50 = d.map(Quantiles::p50).orElse(0.0);
        double longest = Math.max(d.map(Quantiles::max).orElse(0.0), slowest.map(t -> (double) t.durationMs()).orElse(0.0));
        if (p50 <= 0 || longest <= 0) {
            return;
        }
        List<String> why = new ArrayList<>();
        int index = slowest.map(TaskSample::index).orElse(-1);
        boolean copied = stage.notableTasks().stream().anyMatch(t -> t.speculative() && (index < 0 || t.index() == index));
        if (copied) {
            // the thresholds were reached, or there would be no copy
            sink.text(WHY_NOT, "Spark launched a speculative copy" + (index < 0 ? "" : " of task " + index)
                    + " and it did not finish sooner: the task's data, not its host, is slow");
            return;
        }
        if (hosts == 1) {
            // TaskSetManager never launches a copy on a host where the task already runs
            why.add("every executor runs on one host, and Spark never launches a copy on the host the task runs on");
        }
        double multiplier = settings.number("spark.speculation.multiplier", 1.5);
        String ratio = String.format(java.util.Locale.ROOT, "%.1f×", longest / p50);
        if (longest < multiplier * p50) {
            why.add("the slowest task took " + ratio + " the median, under " + settings.shown("spark.speculation.multiplier",
                    FactFormat.raw(multiplier)) + ": Spark did not count it slow");
        }
        double quantile = settings.number("spark.speculation.quantile", 0.75);
        int total = stage.tasks().total();
        int first = Math.max((int) Math.floor(quantile * total), 1);
        if (total > 0 && first >= total - 1) {
            why.add("Spark speculates only once " + first + " of the stage's " + total + " tasks have finished ("
                    + settings.shown("spark.speculation.quantile", FactFormat.raw(quantile)) + "): "
                    + (first >= total ? "with so few tasks it never does" : "every other task had to end first"));
        }
        if (why.isEmpty()) {
            why.add("past " + settings.shown("spark.speculation.multiplier", FactFormat.raw(multiplier)) + " (" + ratio
                    + " the median) with enough tasks done, a copy was launched late or ran as slow: look at its data and host");
        }
        sink.text(WHY_NOT, String.join("; ", why));
    }
}
