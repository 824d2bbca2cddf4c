package dev.sparkdoc.spark;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.TriageSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same workloads on the Spark versions clusters run besides the test classpath's 4.0.1: 3.5
 * (what most still run), 4.1 and 4.2 (what new clusters run). One forked driver JVM per version
 * ({@link VersionedDriver}: jars from Maven Central, the driver compiled against them) runs each
 * workload as an application of its own; each is triaged live over REST once its symptom is there
 * (the driver holds the application up until the test has read it), then from the event log it wrote
 * (4.x writes rolling, zstd-compressed logs by default). A skewed join is skew and an even one is quiet
 * on every version; 3.5.9 and 4.2.0 also run issue 36's scenarios: a result over maxResultSize, a
 * broadcast that times out, three streaming queries in one application (one falls behind, one keeps
 * up, one dies on a bad record) and 30 stages of tiny tasks whose overhead the workload sets.
 */
@RealSpark
class SparkVersionsScenarioTest {

    /** Per workload: the slowest, the streams, took 40 s to its symptom on two cores under a load of 29. */
    private static final Duration PATIENCE = Duration.ofMinutes(6);

    /** The workloads every version runs, and the ones 3.5.9 and 4.2.0 add (in the driver's order). */
    private static final List<String> EVERY_VERSION = List.of("healthy", "skew");
    private static final List<String> ISSUE_36 = List.of("max-result-size", "broadcast-timeout", "streams", "tiny-stages");

    /** As VersionDriver sets them: 30 stages of 60 tasks, each task's function 12 ms to deserialize, on 2 slots. */
    private static final int TINY_STAGES = 30;
    private static final int TINY_TASKS = TINY_STAGES * 60;
    private static final double TINY_OVERHEAD_FLOOR_S = TINY_TASKS * 0.012 / 2;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "Spark {0}")
    @ValueSource(strings = {"3.5.9", "4.1.3", "4.2.0"})
    void eachWorkloadIsNamedAlikeLiveAndFromItsEventLog(String version) throws Exception {
        List<String> workloads = version.equals("4.1.3") ? EVERY_VERSION
                : java.util.stream.Stream.concat(EVERY_VERSION.stream(), ISSUE_36.stream()).toList();
        long t0 = System.nanoTime();
        SoftAssertions soft = new SoftAssertions();
        try (VersionedDriver driver = VersionedDriver.start(version, dir, workloads)) {
            for (String name : workloads) {
                long w0 = System.nanoTime();
                VersionedDriver.Workload w = driver.await(name, PATIENCE);
                long ready = System.nanoTime();
                Diagnosis live;
                try (RestSource rest = new RestSource(new Target.Http(w.ui()), AppSelector.ANY, HttpOptions.DEFAULT)) {
                    live = Diagnosis.of(Await.value("the " + version + " driver's REST API answers", PATIENCE,
                            () -> ScenarioTriage.readOrNull(rest), Objects::nonNull), RuleCatalog.builtIn());
                }
                Diagnosis log = Diagnosis.of(new EventLogSource(w.release(PATIENCE)).read(), RuleCatalog.builtIn());
                String what = version + " " + name + " (result " + w.result() + ")";
                System.err.printf("SparkVersionsScenarioTest [%s] ready after %d ms, read and stopped in %d ms%n  live: %s%n  log:  %s%n",
                        what, (ready - w0) / 1_000_000, (System.nanoTime() - ready) / 1_000_000, ScenarioTriage.top(live),
                        ScenarioTriage.top(log));
                for (Diagnosis d : List.of(live, log)) {
                    String described = what + ": " + ScenarioTriage.describe(name, d);
                    soft.assertThat(d.snapshot().application().sparkVersion()).as(described).contains(version);
                    soft.assertThat(TriageSchema.errors(d)).as(described).isEmpty();
                    check(soft, name, w.result(), d, described);
                }
            }
        }
        System.err.printf("SparkVersionsScenarioTest Spark %s: %d workloads in %d ms%n", version, workloads.size(),
                (System.nanoTime() - t0) / 1_000_000);
        soft.assertAll();
    }

    private static void check(SoftAssertions soft, String name, String result, Diagnosis d, String described) {
        List<Finding> serious = d.atLeast(Severity.WARNING);
        boolean live = d.snapshot().source().kind() == SourceKind.LIVE;
        switch (name) {
            case "healthy" -> soft.assertThat(serious).as(described).isEmpty();
            case "skew" -> first(soft, serious, "skew", described);
            case "max-result-size" -> {
                soft.assertThat(result).as(described).startsWith("failed");
                first(soft, serious, "driver-memory", described);
            }
            case "broadcast-timeout" -> {
                soft.assertThat(result).as(described).startsWith("failed");
                first(soft, serious, "joins", described);
                // Spark's REST API carries the query's error from 4.2 on; before, the broadcast's job cancelled by
                // BroadcastExchangeExec's own job tag is what says the broadcast failed
                String why = live && !restHasQueryErrors(d) ? "cancelled job tag broadcast exchange (runId"
                        : "Could not execute broadcast in 1 secs";
                serious.stream().findFirst().ifPresent(f -> {
                    soft.assertThat(f.rule()).as(described).isEqualTo("joins.broadcast-failed");
                    soft.assertThat(f.title()).as(described).contains(why);
                });
            }
            case "streams" -> streams(soft, serious, live && !restHasQueryErrors(d), live, described);
            case "tiny-stages" -> {
                soft.assertThat(result).as(described).isEqualTo(String.valueOf(TINY_TASKS));
                first(soft, serious, "scheduling", described);
                List<Finding> tiny = d.findings().stream().filter(f -> f.rule().equals("scheduling.tiny-tasks-across-stages")).toList();
                soft.assertThat(tiny).as(described).hasSize(1);
                Map<String, Double> facts = Map.of(
                        "app.tinyTasks.stages", d.facts().app().value("app.tinyTasks.stages").orElse(-1),
                        "app.tinyTasks.tasks", d.facts().app().value("app.tinyTasks.tasks").orElse(-1));
                // what the workload controls, exactly; the overhead at least what its functions' deserialization costs
                soft.assertThat(facts).as(described).containsEntry("app.tinyTasks.stages", (double) TINY_STAGES)
                        .containsEntry("app.tinyTasks.tasks", (double) TINY_TASKS);
                AppSnapshot s = d.snapshot();
                double appSeconds = s.application().knownDurationMs(s.takenAt()).orElseThrow() / 1000.0;
                tiny.stream().findFirst().ifPresent(f -> soft.assertThat(f.secondsLost()).as(described)
                        .isBetween(TINY_OVERHEAD_FLOOR_S, appSeconds));
            }
            default -> throw new AssertionError("no expectation for " + name);
        }
    }

    /**
     * Spark's REST ExecutionData carries a failed query's error from 4.2 on ({@code errorMessage}); before,
     * a live reading has a failed query without its text, and its failed tasks' errors.
     */
    private static boolean restHasQueryErrors(Diagnosis d) {
        return d.snapshot().sqlExecutions().stream().anyMatch(e -> e.errorMessage().isPresent());
    }

    /**
     * "behind" falls behind and "steady" has nothing at warning, live and after. "parser" died: from the
     * log, the query's end with its exception, first; live, where the REST API has no streaming endpoint,
     * a critical finding of its failed micro-batch names the bad record (Spark before 4.2, whose REST API
     * has no query error: its failed tasks name the exception).
     */
    private static void streams(SoftAssertions soft, List<Finding> serious, boolean noQueryErrors, boolean live, String described) {
        Predicate<Finding> behind = f -> f.scope().kind() == ScopeKind.STREAM && f.scope().name().equals("behind");
        Predicate<Finding> steady = f -> f.scope().name().equals("steady") || f.title().contains("\"steady\"");
        soft.assertThat(serious).as(described).filteredOn(behind).extracting(Finding::rule).containsExactly("streaming.falling-behind");
        soft.assertThat(serious).as(described).noneMatch(steady);
        soft.assertThat(serious).as(described).isNotEmpty();
        if (serious.isEmpty()) {
            return;
        }
        if (live) {
            // live, the failed micro-batch's query (with its error from 4.2 on) and its failed tasks; ranked among the
            // findings of a driver that still runs two queries, not necessarily first
            String named = noQueryErrors ? "java.lang.IllegalArgumentException" : "java.lang.IllegalArgumentException: bad record: value 25";
            soft.assertThat(serious).as(described).anyMatch(f -> f.severity() == Severity.CRITICAL && f.title().contains(named));
        } else {
            Finding top = serious.get(0);
            soft.assertThat(top.rule()).as(described).isEqualTo("streaming.query-failed");
            soft.assertThat(top.title()).as(described)
                    .isEqualTo("Streaming query \"parser\" died: java.lang.IllegalArgumentException: bad record: value 25");
        }
    }

    private static void first(SoftAssertions soft, List<Finding> serious, String family, String described) {
        soft.assertThat(serious).as(described).isNotEmpty();
        if (!serious.isEmpty()) {
            soft.assertThat(serious.get(0).family()).as(described).isEqualTo(family);
        }
    }
}
