package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.util.List;
import java.util.Map;

/** Facts about the UDFs in a query's plan, per kind: which, and how much of the query's task time they take. */
public final class UdfSignals {

    public static final FactList FACTS = new FactList(ScopeKind.SQL);

    /** The facts of one kind of UDF. */
    private record KindFacts(Fact count, Fact names, Fact share, Fact taskTime, Fact secondsLost) {
    }

    private static final Map<UdfKind, KindFacts> BY_KIND = Map.of(
            UdfKind.JVM, kind("jvm", "Scala/Java UDFs (ScalaUDF: a registered name or UDF in Project, Filter, aggregates, joins)"),
            UdfKind.PYTHON_ROW, kind("python", "row-at-a-time Python UDFs (BatchEvalPython)"),
            UdfKind.PYTHON_ARROW, kind("arrow",
                    "pandas/Arrow UDFs (ArrowEvalPython, FlatMapGroupsInPandas, MapInPandas, MapInArrow, AggregateInPandas, WindowInPandas, FlatMapCoGroupsInPandas)"));

    private static KindFacts kind(String key, String what) {
        String p = "sql.udf." + key + ".";
        return new KindFacts(
                FACTS.count(p + "count", "distinct " + what),
                FACTS.text(p + "names", "their names as the plan prints them, comma-separated"),
                FACTS.fraction(p + "stageShare", "task time of the pipelines evaluating them / the query's executor run time"),
                FACTS.ms(p + "taskTime", "task time of the pipelines evaluating them (their codegen duration; all the query's stages when it has no exchange)"),
                FACTS.seconds(p + "secondsLost", "that task time over the app's slots, at most the query's wall time"));
    }

    private UdfSignals() {
    }

    static void compute(AppContext ctx, SqlExecution sql, PlanGraph plan, FactSink sink) {
        List<PlanUdf> udfs = PlanUdfs.of(plan.nodes());
        for (UdfKind kind : UdfKind.values()) {
            KindFacts facts = BY_KIND.get(kind);
            List<PlanUdf> ofKind = udfs.stream().filter(u -> u.kind() == kind).toList();
            List<String> names = ofKind.stream().map(PlanUdf::name).distinct().toList();
            sink.put(facts.count(), names.size());
            if (names.isEmpty()) {
                continue;
            }
            sink.text(facts.names(), String.join(", ", names));
            List<PlanNode> nodes = ofKind.stream().map(PlanUdf::node).distinct().toList();
            UdfCost.of(ctx, sql, plan, nodes).ifPresent(cost -> sink.put(facts.share(), cost.share())
                    .put(facts.taskTime(), cost.taskMs()).put(facts.secondsLost(), cost.secondsLost()));
        }
    }
}
