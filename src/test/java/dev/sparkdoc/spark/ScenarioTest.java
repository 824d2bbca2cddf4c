package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.ScopeFacts;
import dev.sparkdoc.signals.ScopeKind;
import dev.sparkdoc.signals.Signals;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.target.Target;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Spark applications that each show one first-aid problem, triaged twice: live over the
 * driver's REST API once the problem's job has finished (Spark still running), and from the
 * event log after Spark stopped. Both must rank the expected family first among the findings at
 * warning or above; the healthy control must have none.
 *
 * <p>Each scenario is its own application (one event log each). The healthy control runs first
 * on purpose: in a fresh JVM its first tasks are slow from JIT warm-up, which must not read as a
 * problem.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScenarioTest {

    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    Path logs;

    @Test
    @Order(1)
    void healthyMultiStageJoinHasNoFindingAtWarningOrAbove() {
        Triage t = Triage.run("healthy", LocalSpark.builder(), logs, SparkWorkloads::multiStageJoin);
        t.print("stage.duration.maxOverP50", "stage.tail.secondsLost", "stage.dataSkew.ratio", "stage.secondsLost");
        assertThat(t.result()).isEqualTo(SparkWorkloads.JOIN_KEYS);
        for (Diagnosis d : t.both()) {
            assertThat(d.atLeast(Severity.WARNING)).as(t.describe(d)).isEmpty();
        }
    }

    @Test
    @Order(2)
    void skewedGroupByRanksSkewFirst() {
        Triage t = Triage.run("skewed group-by", LocalSpark.builder()
                        .conf("spark.sql.shuffle.partitions", "10")
                        .conf("spark.sql.adaptive.skewJoin.enabled", "false")
                        // AQE would otherwise merge the nine small partitions into one
                        .conf("spark.sql.adaptive.coalescePartitions.enabled", "false"),
                logs, Scenarios::skewedGroupBy);
        t.print("stage.duration.maxOverP50", "stage.dataSkew.ratio", "stage.duration.max", "stage.tail.secondsLost");
        assertThat(t.result()).isEqualTo(Scenarios.SKEW_ROWS);
        t.assertFirst("skew");
    }

    @Test
    @Order(3)
    void sleepyTaskWithoutDataSkewRanksStragglersFirst() {
        Triage t = Triage.run("straggler", LocalSpark.builder(), logs, Scenarios::straggler, rest -> {
            // live, while the slow task still runs and the other seven are done
            Diagnosis running = Await.value("the live triage ranks the running straggler first", PATIENCE,
                    () -> Diagnosis.of(rest.read(), RuleCatalog.builtIn()),
                    d -> !d.atLeast(Severity.WARNING).isEmpty()
                            && d.atLeast(Severity.WARNING).get(0).rule().equals("stragglers.running-task"));
            System.err.printf("ScenarioTest [straggler] while running: %s%n", Triage.top(running));
        });
        t.print("stage.duration.maxOverP50", "stage.straggler.ratio", "stage.dataSkew.ratio", "stage.tail.secondsLost");
        assertThat(t.result()).isEqualTo(Scenarios.STRAGGLER_PARTITIONS * 10_000L);
        t.assertFirst("stragglers");
    }

    @Test
    @Order(4)
    void sortMergeJoinWithATinySideRanksJoinsFirst() {
        Triage t = Triage.run("sort-merge join, tiny side", LocalSpark.builder()
                        .conf("spark.sql.autoBroadcastJoinThreshold", "-1"),
                logs, Scenarios::joinWithTinySide);
        t.print(ScopeKind.SQL, "sql.joins.sortMerge", "sql.join.smallSide", "sql.join.largeSide", "sql.join.sideRatio",
                "sql.secondsLost.shuffle");
        assertThat(t.result()).isEqualTo(2_000_000L);
        t.assertFirst("joins");
    }

    @Test
    @Order(5)
    void sortWithLittleExecutionMemoryRanksSpillFirst() {
        Triage t = Triage.run("spill", LocalSpark.builder()
                        .conf("spark.sql.shuffle.partitions", "2")
                        // a 512 MiB "machine" (Spark's own test knob) with 10% for execution and
                        // storage leaves each of the two tasks ~10 MiB: the sorts spill
                        .conf("spark.testing.memory", Long.toString(512L << 20))
                        .conf("spark.memory.fraction", "0.1")
                        // spill uncompressed, as its size in memory would be
                        .conf("spark.shuffle.spill.compress", "false"),
                logs, s -> Scenarios.sortThatSpills(s, SPILL_ROWS));
        t.print("stage.spill.disk", "stage.spill.memory", "stage.spill.fractionOfData", "stage.dataSkew.ratio", "stage.wall");
        assertThat(t.result()).isEqualTo(SPILL_ROWS);
        t.assertFirst("spill");
    }

    static final long SPILL_ROWS = 1_000_000;

    @Test
    @Order(6)
    void udfThrowingOnABadRecordRanksErrorsDuringFirst() {
        // local[2,3]: like a cluster, Spark retries the failing task before it fails the job
        Triage t = Triage.run("failing UDF", LocalSpark.builder().master("local[2,3]"), logs, s -> {
            assertThatThrownBy(() -> Scenarios.failingUdf(s)).hasStackTraceContaining("bad record: id " + Scenarios.BAD_ID);
            return -1;
        });
        t.print("stage.failures.count", "stage.failures.other", "stage.failed", "stage.failures.secondsLost");
        t.assertFirst("errors-during");
        for (Diagnosis d : t.both()) {
            // Spark 4 wraps the UDF's exception in SparkException [FAILED_EXECUTE_UDF]; the
            // user's own exception and message must still reach the user
            assertThat(d.atLeast(Severity.WARNING).get(0).remedies()).as(t.describe(d))
                    .anySatisfy(r -> assertThat(r.text()).contains("IllegalArgumentException: bad record: id " + Scenarios.BAD_ID));
        }
    }

    @Test
    @Order(7)
    void thousandsOfTinyTasksRankSchedulingFirst() {
        Triage t = Triage.run("tiny tasks", LocalSpark.builder(), logs, s -> Scenarios.tinyTasks(s, TINY_TASKS));
        t.print("stage.tasks.total", "stage.duration.p50", "stage.secondsLost", "stage.wall");
        assertThat(t.result()).isEqualTo(TINY_TASKS);
        t.assertFirst("scheduling");
    }

    static final int TINY_TASKS = 6_000;

    @Test
    @Order(8)
    void collectingAHundredMegabytesRanksDriverMemoryFirst() {
        Triage t = Triage.run("large collect", LocalSpark.builder(), logs, s -> Scenarios.largeCollect(s, COLLECT_MB));
        t.print("stage.resultSize", "stage.resultSize.fractionOfMax", "stage.wall.seconds");
        assertThat(t.result()).isEqualTo(COLLECT_MB * (1L << 20));
        t.assertFirst("driver-memory");
    }

    static final int COLLECT_MB = 100;

    /** A scenario's application triaged from both sources. */
    record Triage(String name, long result, Diagnosis live, Diagnosis log, long millis) {

        interface Workload {
            long run(SparkSession spark);
        }

        static Triage run(String name, LocalSpark.Builder builder, Path logs, Workload workload) {
            return run(name, builder, logs, workload, rest -> { });
        }

        /** As {@link #run(String, LocalSpark.Builder, Path, Workload)}, calling {@code whileRunning} before the workload ends. */
        static Triage run(String name, LocalSpark.Builder builder, Path logs, Workload workload, Consumer<RestSource> whileRunning) {
            long t0 = System.nanoTime();
            Diagnosis live;
            Diagnosis fromLog;
            long result;
            try (LocalSpark spark = builder.appName("scenario: " + name).eventLog(logs, EventLogFormat.plain()).start();
                 RestSource rest = new RestSource(new Target.Http(URI.create(spark.uiUrl() + "/")), AppSelector.ANY,
                         HttpOptions.DEFAULT)) {
                BackgroundJob job = BackgroundJob.start(spark.session(), "scenario: " + name, workload::run);
                whileRunning.accept(rest);
                result = job.await(PATIENCE);
                // the UI's status store and the event log see the job's end asynchronously
                spark.awaitListenersIdle();
                live = Diagnosis.of(rest.read(), RuleCatalog.builtIn());
                Path log = spark.stop();
                fromLog = Diagnosis.of(new EventLogSource(log).read(), RuleCatalog.builtIn());
            }
            Triage t = new Triage(name, result, live, fromLog, (System.nanoTime() - t0) / 1_000_000);
            System.err.printf("ScenarioTest [%s] %d ms%n  live: %s%n  log:  %s%n", name, t.millis(), top(live), top(fromLog));
            return t;
        }

        List<Diagnosis> both() {
            return List.of(live, log);
        }

        void assertFirst(String family) {
            for (Diagnosis d : both()) {
                List<Finding> serious = d.atLeast(Severity.WARNING);
                assertThat(serious).as(describe(d)).isNotEmpty();
                assertThat(serious.get(0).family()).as(describe(d)).isEqualTo(family);
            }
        }

        String describe(Diagnosis d) {
            String findings = d.findings().stream().map(Triage::line).collect(Collectors.joining("\n  "));
            return name + ", " + d.snapshot().source().kind() + ": findings\n  " + (findings.isEmpty() ? "(none)" : findings);
        }

        void print(String... facts) {
            print(ScopeKind.STAGE, facts);
        }

        /** The facts a scenario's rule reads, per scope, from both sources: what a report needs when a rule misses. */
        void print(ScopeKind kind, String... facts) {
            for (Diagnosis d : both()) {
                AppSnapshot s = d.snapshot();
                for (ScopeFacts scope : Signals.compute(s).of(kind)) {
                    String values = java.util.Arrays.stream(facts)
                            .map(f -> f + "=" + scope.value(f).stream().mapToObj(v -> String.format(Locale.ROOT, "%.3g", v))
                                    .findFirst().orElse("-"))
                            .collect(Collectors.joining(" "));
                    System.err.printf("  %s %s %s: %s%n", name, s.source().kind(), scope.scope().label(), values);
                }
            }
        }

        static String top(Diagnosis d) {
            return d.findings().stream().limit(3).map(f -> f.rule() + " " + f.severity() + " "
                    + String.format(Locale.ROOT, "%.1fs", f.secondsLost())).collect(Collectors.joining(", "));
        }

        private static String line(Finding f) {
            String leaves = f.evidence().stream().filter(e -> e.op().isPresent())
                    .map(e -> e.fact() + "=" + e.display()).collect(Collectors.joining(" "));
            return String.format(Locale.ROOT, "%s %s %.1fs on %s: %s [%s]", f.rule(), f.severity(), f.secondsLost(),
                    f.scope().label(), f.title(), leaves);
        }
    }
}
