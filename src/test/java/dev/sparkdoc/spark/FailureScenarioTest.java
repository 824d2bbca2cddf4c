package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkStageInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Spark applications that fail, or never run, without a task failure: a query that fails in
 * analysis, a closure that does not serialize, a cancelled job, and a local-cluster whose
 * executors cannot fit. No job or stage rule sees the first two (they run no task), and the
 * last two are no error of the user's code. Each is named first, at warning or above, live over
 * REST and from the event log ({@link ScenarioTriage}).
 */
@RealSpark
class FailureScenarioTest {

    @TempDir
    Path logs;

    @Test
    void aMisspeltColumnIsNamedAsTheFailedQueryLiveAndAfter() {
        ScenarioTriage t = ScenarioTriage.run("misspelt column", LocalSpark.builder(), logs, s -> {
            assertThatThrownBy(() -> FailureWorkloads.misspeltColumn(s)).hasMessageContaining("UNRESOLVED_COLUMN");
            return 1;
        });
        t.assertFirst("errors-before");
        for (Diagnosis d : t.both()) {
            Finding first = first(t, d);
            assertThat(first.rule()).as(t.describe(d)).isEqualTo("errors-before.query-failed");
            assertThat(first.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(first.title()).as(t.describe(d)).startsWith("Query ").contains(" failed: ");
            // the user's own description of the work (BackgroundJob sets it) says which query it was
            assertThat(first.remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.text()).contains("scenario: misspelt column"));
            assertThat(d.snapshot().jobs()).as("the query ran no job").isEmpty();
        }
        // the event log has Spark's error text; its remedies are the classifier's for an unresolved column
        Finding fromLog = first(t, t.log());
        assertThat(fromLog.title()).contains("[UNRESOLVED_COLUMN").contains("`" + FailureWorkloads.MISSPELT + "`");
        assertThat(fromLog.remedies()).anySatisfy(r -> assertThat(r.text()).contains("printSchema"));
    }

    @Test
    void aClosureThatDoesNotSerializeIsNamedAsTheFailedQuery() {
        ScenarioTriage t = ScenarioTriage.run("closure not serializable", LocalSpark.builder(), logs, s -> {
            assertThatThrownBy(() -> FailureWorkloads.notSerializableClosure(s)).hasMessageContaining("Task not serializable");
            return 1;
        });
        // Spark's REST answer has the query's status but not its error text, so live it is a query failed
        // before any task ran (errors-before); the event log names the serialization error itself.
        assertThat(first(t, t.live()).rule()).as(t.describe(t.live())).isIn("errors-before.query-failed",
                "serialization.query-not-serializable");
        Finding fromLog = first(t, t.log());
        assertThat(fromLog.rule()).as(t.describe(t.log())).isEqualTo("serialization.query-not-serializable");
        assertThat(fromLog.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(fromLog.title()).contains("Task not serializable");
        for (Diagnosis d : t.both()) {
            assertThat(d.findings()).as("one failure, one finding: " + t.describe(d))
                    .filteredOn(f -> f.rule().startsWith("errors-before.job") || f.rule().equals("serialization.job-not-serializable"))
                    .isEmpty();
        }
    }

    @Test
    void aCancelledJobGroupIsACancellationNamingTheGroupNotAnError() {
        ScenarioTriage t = ScenarioTriage.run("cancelled job group", LocalSpark.builder(), logs, s -> {
            assertThatThrownBy(() -> FailureWorkloads.sleepUntilCancelled(s)).hasMessageContaining("cancelled");
            return 1;
        }, rest -> {
            SparkContext sc = SparkContext.getOrCreate();
            Await.until("a task of the job runs", ScenarioTriage.PATIENCE, () -> runningTasks(sc) > 0);
            sc.cancelJobGroup(FailureWorkloads.CANCEL_GROUP);
        });
        t.assertFirst("errors-during");
        for (Diagnosis d : t.both()) {
            Finding first = first(t, d);
            assertThat(first.rule()).as(t.describe(d)).isEqualTo("errors-during.job-cancelled");
            // the user cancelled it: a warning, not an error of the code
            assertThat(first.severity()).as(t.describe(d)).isEqualTo(Severity.WARNING);
            assertThat(first.title()).as(t.describe(d)).contains("job group " + FailureWorkloads.CANCEL_GROUP);
            assertThat(d.findings()).as(t.describe(d)).noneMatch(f -> f.rule().startsWith("errors-before"));
        }
    }

    /**
     * local-cluster[1,1,1024] starts a standalone master and one 1-core worker inside this JVM;
     * executors of 2 cores never fit, so no executor registers (no executor JVM is launched, so no
     * SPARK_HOME is needed; SparkContext refuses outright an executor memory above the worker's). Live, with the stage waiting, sparkdoc says no executor registered;
     * once the job is cancelled, and in the event log, that the application never got one.
     */
    @Test
    void aLocalClusterWhoseExecutorsCannotFitIsNotStartingLiveAndAfter() {
        Diagnosis[] waiting = new Diagnosis[1];
        ScenarioTriage t = ScenarioTriage.run("no executor fits", LocalSpark.builder().master("local-cluster[1,1,1024]")
                .conf("spark.executor.cores", "2"), logs, s -> {
                    assertThatThrownBy(() -> FailureWorkloads.count(s)).hasMessageContaining("cancel");
                    return 1;
                }, rest -> {
                    waiting[0] = Await.value("live, the stage waits and no executor registered", ScenarioTriage.PATIENCE,
                            () -> read(rest), d -> d != null && !d.atLeast(Severity.WARNING).isEmpty()
                                    && d.atLeast(Severity.WARNING).get(0).rule().equals("not-starting.no-executors"));
                    System.err.printf("FailureScenarioTest [no executor fits] while waiting: %s%n", ScenarioTriage.top(waiting[0]));
                    SparkContext.getOrCreate().cancelAllJobs();
                });
        assertThat(waiting[0].findings()).noneMatch(f -> f.rule().startsWith("errors-"));
        t.assertFirst("not-starting");
        for (Diagnosis d : t.both()) {
            assertThat(first(t, d).rule()).as(t.describe(d)).isEqualTo("not-starting.never-got-executors");
            assertThat(d.findings()).as(t.describe(d)).noneMatch(f -> f.rule().startsWith("errors-"));
        }
    }

    private static Finding first(ScenarioTriage t, Diagnosis d) {
        List<Finding> serious = d.atLeast(Severity.WARNING);
        assertThat(serious).as(t.describe(d)).isNotEmpty();
        return serious.get(0);
    }

    /** A live diagnosis, or null when the driver was too busy to answer in time: the caller polls again. */
    private static Diagnosis read(RestSource rest) {
        var snapshot = ScenarioTriage.readOrNull(rest);
        return snapshot == null ? null : Diagnosis.of(snapshot, RuleCatalog.builtIn());
    }

    private static int runningTasks(SparkContext sc) {
        int n = 0;
        for (int id : sc.statusTracker().getActiveStageIds()) {
            scala.Option<SparkStageInfo> info = sc.statusTracker().getStageInfo(id);
            n += info.isDefined() ? info.get().numActiveTasks() : 0;
        }
        return n;
    }
}
