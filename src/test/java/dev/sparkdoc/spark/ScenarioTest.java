package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Spark applications ({@code local[2]}) that each show one first-aid problem, triaged live
 * over the driver's REST API and from the event log after stop ({@link ScenarioTriage}). Both
 * must rank the expected family first among the findings at warning or above; the healthy
 * control must have none.
 *
 * <p>Each scenario is its own application, so each has its own event log. The healthy control
 * runs first on purpose: in a fresh JVM its first tasks are slow from JIT warm-up, and that must
 * not read as a problem.
 */
@RealSpark
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScenarioTest {

    @TempDir
    Path logs;

    @Test
    @Order(1)
    void healthyMultiStageJoinHasNoFindingAtWarningOrAbove() {
        ScenarioTriage t = ScenarioTriage.run("healthy", LocalSpark.builder(), logs, SparkWorkloads::multiStageJoin);
        t.print("stage.duration.maxOverP50", "stage.tail.secondsLost", "stage.dataSkew.ratio", "stage.secondsLost");
        assertThat(t.result()).isEqualTo(SparkWorkloads.JOIN_KEYS);
        for (Diagnosis d : t.both()) {
            assertThat(d.atLeast(Severity.WARNING)).as(t.describe(d)).isEmpty();
        }
    }

    @Test
    @Order(2)
    void skewedGroupByRanksAHotGroupKeyFirstWithoutJoinRemedies() {
        ScenarioTriage t = ScenarioTriage.run("skewed group-by", skewedGroupBySettings(), logs, Scenarios::skewedGroupBy);
        t.print("stage.duration.maxOverP50", "stage.dataSkew.ratio", "stage.duration.max", "stage.tail.secondsLost");
        assertThat(t.result()).isEqualTo(Scenarios.SKEW_ROWS);
        t.assertFirst("aggregations");
        for (Diagnosis d : t.both()) {
            var top = d.atLeast(Severity.WARNING).get(0);
            assertThat(top.rule()).as(t.describe(d)).isEqualTo("aggregations.skewed-key");
            // AQE skew join splits join partitions only, and more partitions never split one key
            assertThat(top.remedies()).as(t.describe(d)).allSatisfy(r -> assertThat(r.conf())
                    .doesNotContainKeys("spark.sql.adaptive.skewJoin.enabled", "spark.sql.shuffle.partitions"));
            assertThat(d.findings()).extracting(f -> f.rule()).doesNotContain("skew.stage-task-time");
        }
    }

    @Test
    @Order(3)
    void sleepyTaskWithoutDataSkewRanksStragglersFirstWhileRunningAndAfter() {
        ScenarioTriage t = ScenarioTriage.run("straggler", LocalSpark.builder(), logs, Scenarios::straggler, rest -> {
            // live, while the slow task still runs and the other seven are done
            Diagnosis running = Await.value("the live triage ranks the running straggler first", ScenarioTriage.PATIENCE,
                    () -> Diagnosis.of(rest.read(), RuleCatalog.builtIn()),
                    // stragglers.running-task where the parents' writes prove the data even, else
                    // stragglers.running-long ("cannot tell yet"); never skew
                    d -> !d.atLeast(Severity.WARNING).isEmpty()
                            && d.atLeast(Severity.WARNING).get(0).rule().startsWith("stragglers.running-"));
            System.err.printf("ScenarioTest [straggler] while running: %s%n", ScenarioTriage.top(running));
        });
        t.print("stage.duration.maxOverP50", "stage.straggler.ratio", "stage.dataSkew.ratio", "stage.tail.secondsLost");
        assertThat(t.result()).isEqualTo(Scenarios.STRAGGLER_ROWS);
        t.assertFirst("stragglers");
        // speculation off by default: turning it on is the fix
        for (Diagnosis d : t.both()) {
            assertThat(straggler(d).remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.conf()).containsEntry("spark.speculation", "true"));
        }
    }

    private static dev.sparkdoc.rules.Finding straggler(Diagnosis d) {
        return d.findings().stream().filter(f -> f.rule().startsWith("stragglers.")).findFirst().orElseThrow();
    }

    @Test
    @Order(12)
    void theSameStragglerWithSpeculationOnIsNotToldToTurnItOnButWhyItDidNotAct() {
        ScenarioTriage t = ScenarioTriage.run("straggler, speculation on", LocalSpark.builder().conf("spark.speculation", "true"),
                logs, Scenarios::straggler);
        assertThat(t.result()).isEqualTo(Scenarios.STRAGGLER_ROWS);
        t.assertFirst("stragglers");
        for (Diagnosis d : t.both()) {
            var f = straggler(d);
            assertThat(f.remedies()).as(t.describe(d)).noneMatch(r -> r.conf().containsKey("spark.speculation"));
            // local mode: one host, where Spark never runs a copy of a running task
            assertThat(f.remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.why()).hasValueSatisfying(w -> assertThat(w)
                    .contains("every executor runs on one host, and Spark never launches a copy on the host the task runs on")));
            assertThat(f.remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.text()).startsWith("Speculation is on here"));
        }
    }

    @Test
    @Order(4)
    void sortMergeJoinWithATinySideRanksJoinsFirst() {
        ScenarioTriage t = ScenarioTriage.run("sort-merge join, tiny side", LocalSpark.builder()
                        .conf("spark.sql.autoBroadcastJoinThreshold", "-1"),
                logs, Scenarios::joinWithTinySide);
        t.print(ScopeKind.SQL, "sql.joins.sortMerge", "sql.join.smallSide", "sql.join.largeSide", "sql.join.sideRatio",
                "sql.secondsLost.shuffle");
        assertThat(t.result()).isEqualTo(Scenarios.JOIN_ORDERS * 64);  // every order keeps its 64-character note
        t.assertFirst("joins");
        for (var d : t.both()) {
            var join = d.findings().stream().filter(f -> f.rule().equals("joins.sort-merge-small-side")).findFirst().orElseThrow();
            // the setting that kept Spark from broadcasting, with its origin; the fix proposes a real threshold
            assertThat(join.remedies()).anySatisfy(r -> {
                assertThat(r.why()).hasValueSatisfying(w -> assertThat(w).contains("automatic broadcast is off: spark.sql.autoBroadcastJoinThreshold = -1 (set by the app"));
                assertThat(r.conf().get("spark.sql.autoBroadcastJoinThreshold")).isEqualTo("10m");
            });
        }
    }

    @Test
    @Order(5)
    void sortWithLittleExecutionMemoryRanksSpillFirst() {
        ScenarioTriage t = ScenarioTriage.run("spill", LocalSpark.builder()
                        .conf("spark.sql.shuffle.partitions", "2")
                        // a 512 MiB "machine" (Spark's own test knob, read by UnifiedMemoryManager)
                        // with 10% for execution and storage: each of the two tasks gets ~10 MiB
                        .conf("spark.testing.memory", Long.toString(512L << 20))
                        .conf("spark.memory.fraction", "0.1")
                        // spill at its in-memory size (~150 MB): lz4 makes it ~122 MB, too close to the rule's 100 MB
                        .conf("spark.shuffle.spill.compress", "false"),
                logs, Scenarios::sortThatSpills);
        t.print("stage.spill.disk", "stage.spill.memory", "stage.spill.fractionOfData", "stage.dataSkew.ratio", "stage.wall");
        assertThat(t.result()).isEqualTo(Scenarios.SPILL_ROWS);
        t.assertFirst("spill");
    }

    @Test
    @Order(6)
    void udfThrowingOnABadRecordRanksErrorsDuringFirst() {
        // local[2,3]: as on a cluster, Spark retries the failing task before it fails the job
        ScenarioTriage t = ScenarioTriage.run("failing UDF", LocalSpark.builder().master("local[2,3]"), logs, s -> {
            assertThatThrownBy(() -> Scenarios.failingUdf(s)).hasStackTraceContaining("bad record: id " + Scenarios.BAD_ID);
            return Scenarios.BAD_ID;
        });
        t.print("stage.failures.count", "stage.failures.other", "stage.failed", "stage.failures.secondsLost");
        assertThat(t.result()).as("the job failed as it should").isEqualTo(Scenarios.BAD_ID);
        t.assertFirst("errors-during");
        for (Diagnosis d : t.both()) {
            // Spark 4 wraps the UDF's exception in SparkException [FAILED_EXECUTE_UDF]; the
            // user's own exception and message must still reach the user
            assertThat(d.atLeast(Severity.WARNING).get(0).remedies()).as(t.describe(d))
                    .anySatisfy(r -> assertThat(r.text()).contains("IllegalArgumentException"));
            // ... and the finding is named by the root error, as 'explain' finds it in the same text
            assertThat(d.atLeast(Severity.WARNING).get(0).title()).as(t.describe(d))
                    .contains("java.lang.IllegalArgumentException").doesNotContain("SparkException");
            String failureText = d.snapshot().stages().stream().flatMap(st -> st.failures().stream())
                    .map(f -> f.detail()).findFirst().orElseThrow();
            var explained = dev.sparkdoc.explain.ErrorClassifier.builtIn().classify(failureText);
            assertThat(explained).as(failureText).isNotEmpty();
            assertThat(explained.get(0).exception()).isEqualTo("java.lang.IllegalArgumentException");
            assertThat(explained.get(0).message()).contains("bad record: id " + Scenarios.BAD_ID);
        }
    }

    @Test
    @Order(7)
    void thousandsOfTinyTasksRankSchedulingFirst() {
        ScenarioTriage t = ScenarioTriage.run("tiny tasks", LocalSpark.builder(), logs, Scenarios::tinyTasks);
        t.print("stage.tasks.total", "stage.duration.p50", "stage.secondsLost", "stage.wall");
        assertThat(t.result()).isEqualTo(Scenarios.TINY_TASKS);
        t.assertFirst("scheduling");
    }

    @Test
    @Order(7)
    void oneTaskAfterRepartitionOneOnFourSlotsRanksSchedulingFirstAndNamesTheRepartition() {
        ScenarioTriage t = ScenarioTriage.run("one partition", LocalSpark.builder().master("local[4]"), logs, Scenarios::onePartition);
        t.print("stage.tasks.total", "stage.slotsOffered", "stage.fewTasks.secondsLost", "stage.wall");
        assertThat(t.result()).isEqualTo(Scenarios.ONE_PARTITION_ROWS);
        t.assertFirst("scheduling");
        for (Diagnosis d : t.both()) {
            var top = d.atLeast(Severity.WARNING).get(0);
            assertThat(top.rule()).as(t.describe(d)).isEqualTo("scheduling.few-tasks");
            assertThat(top.title()).as(t.describe(d)).contains("ran 1 task(s) on 4 slots: 3 sat idle");
            // 20 s of sleep in one task: three quarters of it is what four slots would have saved
            assertThat(top.secondsLost()).as(t.describe(d)).isBetween(10.0, 60.0);
            assertThat(top.remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.text()).contains("The query sets its own partition count"));
        }
    }

    @Test
    @Order(8)
    void collectingAHundredMegabytesRanksDriverMemoryFirst() {
        ScenarioTriage t = ScenarioTriage.run("large collect", LocalSpark.builder(), logs, Scenarios::largeCollect);
        t.print("stage.resultSize", "stage.resultSize.fractionOfMax", "stage.wall");
        assertThat(t.result()).isEqualTo(Scenarios.COLLECT_MB * (1L << 20));
        t.assertFirst("driver-memory");
    }

    @Test
    @Order(9)
    void aSlowJvmUdfIsNamedAndRankedFirstLiveAndAfter() {
        ScenarioTriage t = ScenarioTriage.run("slow JVM UDF", LocalSpark.builder(), logs, Scenarios::slowJvmUdf);
        t.print(ScopeKind.SQL, "sql.udf.jvm.count", "sql.udf.jvm.stageShare", "sql.udf.jvm.taskTime", "sql.udf.jvm.secondsLost",
                "sql.fractionOfApp");
        assertThat(t.result()).isEqualTo(Scenarios.UDF_ROWS / 1_000 * (999L * 1_000 / 2));
        t.assertFirst("udf");
        for (Diagnosis d : t.both()) {
            var top = d.atLeast(Severity.WARNING).get(0);
            assertThat(top.rule()).as(t.describe(d)).isEqualTo("udf.jvm-udf");
            assertThat(top.title()).as(t.describe(d)).contains("the JVM UDF normalize");
            // 16,000 sleeps of 1 ms over 2 slots: at least 8 s, never more than the app lived
            assertThat(top.secondsLost()).as(t.describe(d)).isBetween(Scenarios.UDF_ROWS / Scenarios.UDF_SLEEP_EVERY / 2 / 1000.0 * 0.9,
                    d.snapshot().application().knownDurationMs(d.snapshot().takenAt()).orElseThrow() / 1000.0);
        }
    }

    @Test
    @Order(10)
    void twoThousandSmallFilesAreSeenWrittenAndRead() {
        ScenarioTriage t = ScenarioTriage.run("small files", LocalSpark.builder(), logs, s -> Scenarios.smallFiles(s, logs));
        t.print(ScopeKind.SQL, "sql.files.written.count", "sql.files.written.perFile", "sql.files.written.secondsLost",
                "sql.files.read.count", "sql.files.read.perFile", "sql.files.read.secondsLost");
        assertThat(t.result()).isEqualTo((long) Scenarios.SMALL_FILES * Scenarios.SMALL_FILE_ROWS * 64);
        for (Diagnosis d : t.both()) {
            assertThat(dev.sparkdoc.testing.TriageSchema.errors(d)).as(t.describe(d)).isEmpty();
            var written = d.findings().stream().filter(f -> f.rule().equals("io.small-files-written")).toList();
            var read = d.findings().stream().filter(f -> f.rule().equals("io.small-files-read")).toList();
            assertThat(written).as(t.describe(d)).singleElement().satisfies(f ->
                    assertThat(f.title()).contains("wrote 2,000 files of "));
            assertThat(read).as(t.describe(d)).singleElement().satisfies(f ->
                    assertThat(f.title()).contains("read 2,000 files of "));
            // the files are the problem; the 2,000 tiny write tasks that made them are its other face
            assertThat(d.findings().subList(0, 2)).as(t.describe(d)).extracting(f -> f.rule())
                    .contains("io.small-files-written");
            // ~2 KB of bytes each, however the CSV writer rounds: the average is a real file's size
            for (var f : List.of(written.get(0), read.get(0))) {
                double perFile = f.evidence().stream().filter(e -> e.fact().endsWith(".perFile")).findFirst().orElseThrow().value();
                assertThat(perFile).as(t.describe(d)).isBetween(1_000.0, 4_000.0);
            }
        }
    }

    @Test
    @Order(11)
    void theSameSkewedQueryRunThreeTimesIsOneFindingWithTheListAndTheSum() {
        ScenarioTriage t = ScenarioTriage.run("skewed group-by, three times", skewedGroupBySettings(), logs,
                s -> Scenarios.skewedGroupBy(s) + Scenarios.skewedGroupBy(s) + Scenarios.skewedGroupBy(s));
        assertThat(t.result()).isEqualTo(3 * Scenarios.SKEW_ROWS);
        t.assertFirst("aggregations");
        for (Diagnosis d : t.both()) {
            var skew = d.findings().stream().filter(f -> f.rule().equals("aggregations.skewed-key")).toList();
            // one code site ran the query three times: one finding, speaking for all three stages
            assertThat(skew).as(t.describe(d)).singleElement().satisfies(f -> {
                assertThat(f.alsoIn()).hasSize(2);
                assertThat(f.where()).contains("and 2 more stages of \"scenario: skewed group-by, three times\"");
                // three hot tasks of >= 5 s (the rule's own gate) each lost at least 3 s
                assertThat(f.secondsLost()).isGreaterThan(9.0);
            });
        }
    }

    /** Ten reduce tasks, one holding the hot key; AQE would otherwise merge the nine small partitions into one. */
    private static LocalSpark.Builder skewedGroupBySettings() {
        return LocalSpark.builder().conf("spark.sql.shuffle.partitions", "10")
                .conf("spark.sql.adaptive.coalescePartitions.enabled", "false");
    }
}
