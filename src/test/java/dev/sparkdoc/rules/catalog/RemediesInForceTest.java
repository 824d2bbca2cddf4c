package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.MIB;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** No fix proposes what the application already runs with; the settings in force say where each value came from. */
class RemediesInForceTest {

    private static Snapshots straggler(String version) {
        return Snapshots.app().version(version).stage(stage(5).wall(55)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000))
                .slowTask(17, "2", 40_000));
    }

    /** A Spark 4.0.1 app whose stage {@code stageId} ran in query 7's job 0, with these plan nodes and session settings. */
    private static Snapshots inQuery7(int stageId, List<SqlExecution.PlanNode> nodes, Map<String, String> modifiedConfigs) {
        return Snapshots.app().version("4.0.1")
                .job(new Job(0, "job 0", Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, Optional.of(T0),
                        Optional.of(T0.plusSeconds(65)), List.of(stageId), TaskCounts.NONE, 0, 1, 0, 0, Optional.of(7L), Optional.empty()))
                .sql(new SqlExecution(7, "query 7", "COMPLETED", Optional.of(T0), 65_000, List.of(), List.of(0), List.of(),
                        nodes, List.of(), Optional.empty(), modifiedConfigs));
    }

    private static SqlExecution.PlanNode exchange(String detail) {
        return new SqlExecution.PlanNode(1, "Exchange", Optional.empty(), List.of(), detail);
    }

    private static List<String> keys(Finding f) {
        return f.remedies().stream().flatMap(r -> r.conf().keySet().stream()).toList();
    }

    private static Finding.SettingInForce setting(Finding f, String key) {
        return f.settings().stream().filter(s -> s.key().equals(key)).findFirst()
                .orElseThrow(() -> new AssertionError("no setting " + key + " in " + f.settings()));
    }

    @Test
    void speculationAlreadyOnIsNotProposedAgainButSaidWhyItDidNotRescueTheTask() {
        for (String version : List.of("3.5.1", "4.0.1")) {
            Finding f = fires(straggler(version).conf("spark.speculation", "true"), "stragglers.slow-tasks", "5.0");
            assertThat(keys(f)).as(version).doesNotContain("spark.speculation", "spark.speculation.multiplier",
                    "spark.speculation.quantile");
            assertThat(f.remedies()).as(version).anySatisfy(r -> assertThat(r.text()).startsWith("Speculation is on here"));
        }
    }

    private static String speculationReason(Snapshots s) {
        Finding f = fires(s.conf("spark.speculation", "true"), "stragglers.slow-tasks", "5.0", "scheduling.few-tasks");
        return f.remedies().stream().filter(r -> r.text().startsWith("Speculation is on here")).findFirst()
                .flatMap(Remedy::why).orElseThrow();
    }

    @Test
    void speculationOnSaysWhichOfItsThresholdsKeptItFromCopyingTheTask() {
        // 20× the median is past 3.5's 1.5 multiplier, and 75 of 100 tasks finish early: a copy came late or as slow
        assertThat(speculationReason(straggler("3.5.1"))).contains(
                "past spark.speculation.multiplier = 1.5 (Spark 3.5's default) (20.0× the median) with enough tasks done");
        // the app's own multiplier of 30 was never reached
        assertThat(speculationReason(straggler("4.0.1").conf("spark.speculation.multiplier", "30"))).contains(
                "the slowest task took 20.0× the median, under spark.speculation.multiplier = 30 (set by the app)");
        // local mode: one host, and a copy never runs where the task runs
        assertThat(speculationReason(straggler("3.5.1").conf("spark.master", "local[4]"))).contains(
                "every executor runs on one host, and Spark never launches a copy on the host the task runs on");
        // four tasks: 4.0's quantile 0.9 waits for three of them, so the slowest must be the last left
        Snapshots few = Snapshots.app().version("4.0.1").stage(stage(5).wall(55).tasks(4, 4)
                .quantiles(TaskMetric.DURATION, q(2_000, 40_000)).slowTask(3, "2", 40_000));
        assertThat(speculationReason(few)).contains("Spark speculates only once 3 of the stage's 4 tasks have finished"
                + " (spark.speculation.quantile = 0.9 (Spark 4.0's default)): every other task had to end first");
    }

    @Test
    void speculationOffIsProposedWithTheValueInForce() {
        Finding f = fires(straggler("3.5.1"), "stragglers.slow-tasks", "5.0");
        assertThat(keys(f)).contains("spark.speculation");
        assertThat(setting(f, "spark.speculation").display()).isEqualTo("spark.speculation = false (Spark 3.5's default)");
    }

    @Test
    void aQueryThatTurnedSkewJoinOffIsToldSoAndAqeOnByDefaultIsNotProposed() {
        var s = inQuery7(3, List.of(), Map.of("spark.sql.adaptive.skewJoin.enabled", "false",
                        "spark.sql.autoBroadcastJoinThreshold", "-1")).conf("spark.sql.shuffle.partitions", "100")
                .stage(stage(3).wall(55).quantiles(TaskMetric.DURATION, q(2_000, 50_000))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 1024 * MIB)));
        Finding f = fires(s, "skew.stage-task-time", "3.0");
        assertThat(keys(f)).contains("spark.sql.adaptive.skewJoin.enabled").doesNotContain("spark.sql.adaptive.enabled");
        assertThat(setting(f, "spark.sql.adaptive.skewJoin.enabled").display())
                .isEqualTo("spark.sql.adaptive.skewJoin.enabled = false (set in query 7)");
        assertThat(setting(f, "spark.sql.adaptive.enabled").proposed()).isFalse();
        // the remedy that only turned AQE on is not there; the one that turns skew join on is
        assertThat(f.remedies()).extracting(Remedy::conf).noneMatch(c -> c.equals(Map.of("spark.sql.adaptive.enabled", "true")));
    }

    private static Snapshots skewedJoin(long medianBytes, long hotBytes) {
        return Snapshots.app().version("4.0.1").conf("spark.sql.shuffle.partitions", "100")
                .stage(stage(3).wall(55).quantiles(TaskMetric.DURATION, q(2_000, 50_000))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(medianBytes, hotBytes)));
    }

    private static String remedyTexts(Finding f) {
        return String.join("\n", f.remedies().stream().map(r -> r.text() + r.why().map(w -> "\n" + w).orElse("")).toList());
    }

    @Test
    void aHotPartitionPastAqesThresholdsWithSkewJoinOnByDefaultHasNoAqeFixToPropose() {
        // 1 GiB against a 64 MiB median: AQE (on by 4.0's default) would split it; nothing to turn on
        Finding f = fires(skewedJoin(64 * MIB, 1024 * MIB), "skew.stage-task-time", "3.0");
        assertThat(keys(f)).doesNotContain("spark.sql.adaptive.enabled", "spark.sql.adaptive.skewJoin.enabled",
                "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes");
        assertThat(setting(f, "spark.sql.adaptive.skewJoin.enabled").proposed()).isFalse();
    }

    @Test
    void aHotPartitionUnderAqesSizeThresholdGetsALowerThreshold() {
        // 200 MiB is under the 256 MiB threshold, yet big enough to cut into 64 MiB pieces
        Finding f = fires(skewedJoin(10 * MIB, 200 * MIB), "skew.stage-task-time", "3.0");
        assertThat(CatalogAssert.conf(f, "spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes")).isEqualTo("100m");
        assertThat(remedyTexts(f)).contains("is under spark.sql.adaptive.skewJoin.skewedPartitionThresholdInBytes = 256.0 MiB"
                + " (Spark 4.0's default)");
    }

    @Test
    void aSmallHotPartitionIsToldAqeCannotSplitItAndNoAqeSettingIsProposed() {
        // 800 KiB against 40 KiB: 20× the median, but one piece of AQE's 64 MiB
        Finding f = fires(skewedJoin(40 << 10, 800 << 10), "skew.stage-task-time", "3.0");
        assertThat(keys(f)).noneMatch(k -> k.startsWith("spark.sql.adaptive"));
        assertThat(remedyTexts(f)).contains("AQE's skew join would not split this partition",
                "AQE cuts a skewed partition into pieces of spark.sql.adaptive.advisoryPartitionSizeInBytes = 64.0 MiB");
    }

    /** The same skewed join stage, named as an app of each language names it. */
    private static Finding skewIn(String stageName) {
        return skewIn(stageName, "");
    }

    private static Finding skewIn(String stageName, String javaCommand) {
        return fires(Snapshots.app().command(javaCommand).version("4.0.1").conf("spark.sql.shuffle.partitions", "100")
                .stage(stage(3).name(stageName).wall(55).quantiles(TaskMetric.DURATION, q(2_000, 50_000))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 1024 * MIB))), "skew.stage-task-time", "3.0");
    }

    private static String code(Finding f) {
        return f.remedies().stream().flatMap(r -> r.code().stream()).findFirst().orElseThrow();
    }

    @Test
    void codeIsInTheApplicationsOwnLanguage() {
        // Py4J calls the action by reflection: a PySpark app
        assertThat(code(skewIn("count at NativeMethodAccessorImpl.java:0"))).startsWith("df.groupBy(col).count().orderBy(desc('count'))");
        assertThat(code(skewIn("join at Etl.scala:42"))).startsWith("df.groupBy($\"key\").count()");
        assertThat(code(skewIn("collectAsList at Etl.java:42"))).startsWith("df.groupBy(col(\"key\")).count()").contains(";");
        // unknown: the Python version
        assertThat(code(skewIn("skewed join"))).startsWith("df.groupBy(col).count().orderBy(desc('count'))");
        // Spark 4 names stages after JDK frames; a driver started as neither a script nor pyspark-shell runs JVM code
        String jdkFrame = "$anonfun$withThreadLocalCaptured$2 at CompletableFuture.java:1768";
        assertThat(code(skewIn(jdkFrame, "org.apache.spark.deploy.SparkSubmit --class com.acme.Etl etl.jar"))).startsWith("df.groupBy($\"key\")");
        assertThat(code(skewIn(jdkFrame, "org.apache.spark.deploy.SparkSubmit --master local[2] pyspark-shell"))).startsWith("df.groupBy(col)");
        assertThat(code(skewIn(jdkFrame, "org.apache.spark.deploy.SparkSubmit jobs/etl.py"))).startsWith("df.groupBy(col)");
    }

    @Test
    void pySparkOnlyFixesAreNotOfferedToAJvmApp() {
        Snapshots jvm = Snapshots.app().stage(stage(1).name("collect at Etl.scala:9").resultSize(900L << 20));
        Snapshots python = Snapshots.app().stage(stage(1).name("collect at job.py:9").resultSize(900L << 20));
        assertThat(CatalogAssert.diagnose(jvm).findings()).flatExtracting(Finding::remedies).extracting(Remedy::conf)
                .noneMatch(c -> c.containsKey("spark.sql.execution.arrow.pyspark.enabled"));
        assertThat(CatalogAssert.diagnose(python).findings()).flatExtracting(Finding::remedies).extracting(Remedy::conf)
                .anyMatch(c -> c.containsKey("spark.sql.execution.arrow.pyspark.enabled"));
    }

    @Test
    void inLocalModeTheDriversHeapIsTheExecutorsAndClusterSettingsAreNotProposed() {
        // 20% of its task time in GC on the only executor, the driver of local[4] with a 2g heap
        Snapshots local = Snapshots.app().conf("spark.master", "local[4]").conf("spark.driver.memory", "2g")
                .executors(Snapshots.executor("driver", 4).taskTime(600_000, 120_000));
        Finding gc = fires(local, "executor-memory.gc", "driver");
        assertThat(keys(gc)).contains("spark.driver.memory").doesNotContain("spark.executor.memory");
        assertThat(CatalogAssert.conf(gc, "spark.driver.memory")).isEqualTo("3g");
    }

    private static Snapshots.StageBuilder twoTasks() {
        return stage(9).tasks(2, 2).wall(300).runTime(2 * 290_000L)
                .quantiles(TaskMetric.DURATION, q(290_000, 295_000)).quantiles(TaskMetric.EXECUTOR_RUN_TIME, q(289_000, 294_000));
    }

    @Test
    void dynamicAllocationTimeoutsAreProposedOnlyWhereDynamicAllocationRuns() {
        // two tasks on eight slots for five minutes: idle slots
        Snapshots idle = Snapshots.app().stage(twoTasks());
        assertThat(keys(fires(idle, "scheduling.idle-slots", "app-test", "scheduling.few-tasks"))).doesNotContain("spark.dynamicAllocation.executorIdleTimeout");
        // with dynamic allocation on and executors kept 5 minutes idle, a shorter timeout is a change (60 s is the default)
        Snapshots dynamic = Snapshots.app().conf("spark.dynamicAllocation.enabled", "true")
                .conf("spark.dynamicAllocation.executorIdleTimeout", "300s")
                .stage(twoTasks());
        assertThat(keys(fires(dynamic, "scheduling.idle-slots", "app-test", "scheduling.few-tasks"))).contains("spark.dynamicAllocation.executorIdleTimeout");
    }

    @Test
    void underAUsersRepartitionTheCodesNumberIsWhatToChangeNotShufflePartitions() {
        // the skewed stage reads a repartition(100) of the query: spark.sql.shuffle.partitions does not set it
        var s = inQuery7(3, List.of(exchange("Exchange hashpartitioning(key#1, 100), REPARTITION_BY_NUM, [plan_id=12]")), Map.of())
                .stage(stage(3).wall(55).quantiles(TaskMetric.DURATION, q(2_000, 50_000))
                        .quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 * MIB, 1024 * MIB)));
        Finding f = fires(s, "skew.stage-task-time", "3.0");
        assertThat(keys(f)).doesNotContain("spark.sql.shuffle.partitions");
        assertThat(f.remedies()).anySatisfy(r -> {
            assertThat(r.text()).contains("this query's repartition(n) sets them, not spark.sql.shuffle.partitions: give it 200");
            assertThat(r.code()).contains("df.repartition(200)");
        });
    }

    @Test
    void tinyTasksUnderAUsersRepartitionGetTheCountForTheCodeThoughCoalescingIsAlreadyOn() {
        // 5,000 tasks of 50 ms behind a repartition(5000): AQE coalescing is on by default and cannot merge them
        var s = inQuery7(8, List.of(exchange("Exchange RoundRobinPartitioning(5000), REPARTITION_BY_NUM, [plan_id=3]")), Map.of())
                .stage(stage(8).tasks(5000, 5000).wall(60).runTime(5000 * 50L).shuffleRead(500 * MIB)
                        .quantiles(TaskMetric.DURATION, q(50, 80)));
        Finding f = fires(s, "scheduling.tiny-tasks", "8.0");
        assertThat(keys(f)).doesNotContain("spark.sql.shuffle.partitions", "spark.sql.adaptive.coalescePartitions.enabled");
        assertThat(f.remedies()).anySatisfy(r -> assertThat(r.code()).contains("df.repartition(8)"));
    }
}
