package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules the time account makes possible, on real executor JVMs ({@code local-cluster}, 1-core
 * workers): a reduce stage whose tasks fetch small blocks one request at a time from shuffle
 * servers that serve one chunk at a time, so waiting for shuffle blocks is a large share of their run;
 * and a stage whose first attempts each
 * fail after {@value #FLAKY_SECONDS} s and succeed when run again. Judged live over REST once the
 * work returned, and from the event log.
 */
@RealSpark
class TimeAccountRulesScenarioTest {

    /** Map tasks × reduce partitions: 6,400 blocks, two thirds of them on another executor. */
    static final int MAPS = 80;
    static final int REDUCES = 80;
    static final int ROWS_PER_BLOCK = 5;
    /** Each first attempt runs this long before it throws: past 20 s of waste in all, a warning. */
    static final int FLAKY_SECONDS = 10;
    static final int FLAKY_TASKS = 3;

    @TempDir
    Path logs;

    @Test
    void aReduceStageWaitingForItsShuffleBlocksIsNamedWithTheFetchWait() {
        String name = "fetch wait";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder().master("local-cluster[3,1,640]").realExecutors()
                        .conf("spark.executor.memory", "512m")
                        // one block per request, one request in flight: every remote block is a round trip waited for
                        .conf("spark.reducer.maxSizeInFlight", "1k")
                        .conf("spark.reducer.maxReqsInFlight", "1")
                        .conf("spark.reducer.maxBlocksInFlightPerAddress", "1")
                        // a busy shuffle server: each executor serves one chunk at a time and closes the connection of a
                        // second asker (TransportRequestHandler), who retries after retryWait: time its task waits
                        .conf("spark.shuffle.maxChunksBeingTransferred", "1")
                        .conf("spark.shuffle.io.retryWait", "1s")
                        .conf("spark.shuffle.io.maxRetries", "100")
                        .conf("spark.sql.adaptive.enabled", "false")
                        .conf("spark.sql.shuffle.partitions", String.valueOf(REDUCES)),
                logs, s -> s.range(0, MAPS * (long) REDUCES * ROWS_PER_BLOCK, 1, MAPS).repartition(REDUCES).count());
        t.print("stage.fetchWait", "stage.fetchWait.share", "stage.fetchWait.secondsLost", "stage.shuffleRead.remoteShare",
                "stage.taskTime");
        assertThat(t.result()).isEqualTo(MAPS * (long) REDUCES * ROWS_PER_BLOCK);
        for (Diagnosis d : t.both()) {
            // the repartition's reduce stage, where the wait is (the count's last stage reads a few bytes)
            var waited = d.snapshot().stages().stream().max(java.util.Comparator.comparingLong(st -> st.totals().shuffleFetchWaitTimeMs()))
                    .orElseThrow();
            var facts = dev.sparkdoc.signals.Signals.compute(d.snapshot()).of(ScopeKind.STAGE).stream()
                    .filter(sc -> sc.scope().id().equals(waited.key())).findFirst().orElseThrow();
            // waiting for blocks is a large share of the reduce tasks' run; two of three executors' blocks are remote
            assertThat(facts.value("stage.fetchWait.share").orElseThrow()).as(t.describe(d)).isBetween(0.3, 1.0);
            assertThat(facts.value("stage.shuffleRead.remoteShare").orElseThrow()).as(t.describe(d)).isBetween(0.5, 0.8);
            double lost = facts.value("stage.fetchWait.secondsLost").orElseThrow();
            // how many fetches the busy servers turn away depends on timing (1.5-4.2 s lost over the 3 slots in
            // these runs): the rule names this stage once the wait reaches its 3 s, and says nothing below it
            List<Finding> mine = d.findings().stream().filter(f -> f.rule().equals("io.shuffle-fetch-wait")).toList();
            if (lost < 3) {
                assertThat(mine).as(t.describe(d)).isEmpty();
                continue;
            }
            Finding f = one(t, d, "io.shuffle-fetch-wait");
            assertThat(f.scope().id()).as(t.describe(d)).isEqualTo(waited.key());
            // the proposal undoes what the app set: a larger flight, and the caps lifted
            assertThat(f.remedies()).as(t.describe(d)).anySatisfy(r -> assertThat(r.conf())
                    .containsEntry("spark.reducer.maxSizeInFlight", "96m").containsEntry("spark.reducer.maxReqsInFlight", "2147483647"));
            // local-cluster is standalone: no push-based shuffle (YARN only)
            assertThat(f.remedies()).as(t.describe(d)).noneSatisfy(r -> assertThat(r.conf()).containsKey("spark.shuffle.push.enabled"));
        }
    }

    @Test
    void firstAttemptsThatFailAfterSecondsAndSucceedAgainAreOneWarningNamingTheirReason() {
        String name = "retried work";
        ScenarioTriage t = ScenarioTriage.run(name, LocalSpark.builder().master("local-cluster[2,1,1024]").realExecutors(),
                logs, s -> {
                    // both executors warm, the function's class loaded: a first attempt's time is then its sleep, not a cold start
                    s.range(0, 4, 1, 4).mapPartitions(new FailFirstAttempt(false), Encoders.LONG()).count();
                    return s.range(0, FLAKY_TASKS, 1, FLAKY_TASKS).mapPartitions(new FailFirstAttempt(true), Encoders.LONG())
                            .collectAsList().stream().mapToLong(Long::longValue).sum();
                });
        t.print(ScopeKind.APP, "app.retries.taskTime", "app.retries.attempts", "app.retries.perAttempt", "app.slots.failed");
        assertThat(t.result()).isEqualTo(FLAKY_TASKS);
        double slept = FLAKY_TASKS * FLAKY_SECONDS * 1000.0;
        for (Diagnosis d : t.both()) {
            Finding f = one(t, d, "errors-during.retried-work");
            assertThat(f.title()).as(t.describe(d)).contains("java.lang.IllegalStateException: first attempt of partition <n> fails")
                    .startsWith(FLAKY_TASKS + " task attempt(s) failed and ran again");
            // the stage completed: its retried failures are not a warning of their own
            assertThat(d.findings()).as(t.describe(d)).noneMatch(x -> x.rule().equals("errors-during.task-failures"));
        }
        // the event log has each failed attempt's own duration (the live REST read estimates them from the stage's mean)
        Finding fromLog = one(t, t.log(), "errors-during.retried-work");
        assertThat(fromLog.severity()).as(t.describe(t.log())).isEqualTo(Severity.WARNING);
        assertThat(value(fromLog, "app.retries.taskTime")).as(t.describe(t.log())).isBetween(slept * 0.8, slept * 1.2);
    }

    /** A finding of the rule, exactly one. */
    private static Finding one(ScenarioTriage t, Diagnosis d, String rule) {
        List<Finding> mine = d.findings().stream().filter(f -> f.rule().equals(rule)).toList();
        assertThat(mine).as(t.describe(d)).hasSize(1);
        return mine.get(0);
    }

    private static double value(Finding f, String fact) {
        return f.evidence().stream().filter(e -> e.fact().equals(fact)).findFirst().orElseThrow().value();
    }

    /** Sleeps {@link #FLAKY_SECONDS} s and throws on a task's first attempt (when flaky); returns 1 on the next. */
    static final class FailFirstAttempt implements MapPartitionsFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final boolean flaky;

        FailFirstAttempt(boolean flaky) {
            this.flaky = flaky;
        }

        @Override
        public Iterator<Long> call(Iterator<Long> rows) throws InterruptedException {
            TaskContext task = TaskContext.get();
            if (flaky && task.attemptNumber() == 0) {
                Thread.sleep(FLAKY_SECONDS * 1000L);
                throw new IllegalStateException("first attempt of partition " + task.partitionId() + " fails");
            }
            return List.of(1L).iterator();
        }
    }
}
