package dev.sparkdoc.diff;

import static dev.sparkdoc.diff.Runs.diff;
import static dev.sparkdoc.diff.Runs.job;
import static dev.sparkdoc.testing.Snapshots.T0;
import static dev.sparkdoc.testing.Snapshots.executor;
import static dev.sparkdoc.testing.Snapshots.q;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.model.TaskMetric;
import dev.sparkdoc.testing.Plans;
import dev.sparkdoc.testing.Snapshots;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunDiffTest {

    private static final long GIB = 1L << 30;
    private static final String LOAD = "load at App.scala:10";
    private static final String COUNT = "count at App.scala:20";

    private static Snapshots twoJobs() {
        return Snapshots.app().job(job(0, LOAD, 0)).job(job(1, COUNT, 1));
    }

    @Test
    void matchingSurvivesAnExtraWarmUpJobThatShiftsEveryId() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = Snapshots.app().job(job(0, "warmup at App.scala:5", 0)).job(job(1, LOAD, 1)).job(job(2, COUNT, 2))
                .stage(stage(0).name("warmup at App.scala:5").wall(3)).stage(stage(1).name(LOAD)).stage(stage(2).name(COUNT))
                .build();
        DiffResult d = diff(before, after);
        assertThat(d.matched().stages()).isEqualTo(new DiffResult.Count(2, 1, 0));
        assertThat(d.matched().jobs()).isEqualTo(new DiffResult.Count(2, 1, 0));
        assertThat(d.significant()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(ChangeKind.JOB_ADDED);
            assertThat(c.title()).contains("warmup at App.scala:5");
            assertThat(c.currentId()).contains("0");
            assertThat(c.details()).containsExactly("stage 0 added: 3.0 s");
        });
        assertThat(d.changes()).filteredOn(c -> c.kind() == ChangeKind.STAGE)
                .extracting(c -> c.baselineId().orElseThrow() + "→" + c.currentId().orElseThrow())
                .containsExactlyInAnyOrder("0.0→1.0", "1.0→2.0");
    }

    @Test
    void fiveTimesTheInputIsNamedOnItsStageWithTheRatio() {
        var before = twoJobs().stage(stage(0).name(LOAD).input(GIB)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD).input(5 * GIB).wall(90)).stage(stage(1).name(COUNT))
                .endedAt(T0.plusSeconds(660)).build();
        DiffResult d = diff(before, after);
        Change first = d.changes().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.STAGE);
        assertThat(first.currentId()).contains("0.0");
        assertThat(first.secondsExplained()).contains(60.0);
        assertThat(first.title()).contains("+1 min 00 s").contains("5.0× the input records");
        assertThat(first.metrics()).anySatisfy(m -> {
            assertThat(m.name()).isEqualTo("input bytes");
            assertThat(m.ratio()).isEqualTo(5.0);
        });
        assertThat(d.significant()).hasSize(1);
        assertThat(d.worse()).as("60 s of 600 is 10 %, under the 20 % threshold").isFalse();
    }

    @Test
    void theStageThatExplainsMostOfTheTimeComesFirst() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD).wall(40)).stage(stage(1).name(COUNT).wall(80))
                .endedAt(T0.plusSeconds(660)).build();
        DiffResult d = diff(before, after);
        assertThat(d.significant()).extracting(c -> c.currentId().orElseThrow()).containsExactly("1.0", "0.0");
        assertThat(d.significant()).extracting(c -> c.secondsExplained().orElseThrow()).containsExactly(50.0, 10.0);
    }

    @Test
    void skewAppearingIsTheHeadlineAndCarriesTheNewFinding() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD))
                .stage(stage(1).name(COUNT).wall(90).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 << 20, 2.0 * GIB))
                        .quantiles(TaskMetric.DURATION, q(2_000, 60_000)))
                .build();
        Change first = diff(before, after).changes().get(0);
        assertThat(first.currentId()).contains("1.0");
        assertThat(first.title()).contains("skew appeared: largest/median task data 1.1× → 32.0×");
        assertThat(first.details()).anyMatch(l -> l.startsWith("new finding: ") && l.contains("skew."));
    }

    /** Stage 1 skewed: its slowest task {@code slowestMs} against a 2 s median, reading 32× the median's data. */
    private static Snapshots skewed(long slowestMs) {
        return twoJobs().stage(stage(0).name(LOAD))
                .stage(stage(1).name(COUNT).wall(slowestMs / 1000 + 30).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 << 20, 2.0 * GIB))
                        .quantiles(TaskMetric.DURATION, q(2_000, slowestMs)));
    }

    @Test
    void everyFindingOfTheBaselineIsToldGoneBetterOrUnchangedWithItsVerifyFacts() {
        var fixed = diff(skewed(60_000).build(), twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build());
        assertThat(fixed.findings()).filteredOn(f -> f.rule().equals("skew.stage-task-time")).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(FindingOutcome.Status.GONE);
            assertThat(f.baselineId()).isEqualTo("1.0");
            assertThat(f.currentId()).contains("1.0");
            assertThat(f.secondsSaved()).isEqualTo(f.secondsLostBefore()).isPositive();
            assertThat(f.secondsLostAfter()).isZero();
            assertThat(f.summary()).startsWith("gone: ").contains("saved");
            // the verify facts, read on the same stage of the current run
            assertThat(f.facts()).anySatisfy(m -> {
                assertThat(m.name()).isEqualTo("stage.duration.maxOverP50");
                assertThat(m.before()).isEqualTo(30.0);
                assertThat(m.after()).isLessThan(5);
            });
        });

        var smaller = diff(skewed(60_000).build(), skewed(20_000).build());
        assertThat(smaller.findings()).filteredOn(f -> f.rule().equals("skew.stage-task-time")).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(FindingOutcome.Status.BETTER);
            assertThat(f.secondsSaved()).isPositive();
            assertThat(f.secondsLostAfter()).isPositive().isLessThan(f.secondsLostBefore());
            assertThat(f.summary()).startsWith("better: ").contains("saved");
        });

        var same = diff(skewed(60_000).build(), skewed(60_000).build());
        assertThat(same.findings()).filteredOn(f -> f.rule().equals("skew.stage-task-time")).singleElement()
                .satisfies(f -> assertThat(f.status()).isEqualTo(FindingOutcome.Status.UNCHANGED));

        var worse = diff(skewed(20_000).build(), skewed(60_000).build());
        assertThat(worse.findings()).filteredOn(f -> f.rule().equals("skew.stage-task-time")).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(FindingOutcome.Status.WORSE);
            assertThat(f.secondsSaved()).isNegative();
        });
    }

    @Test
    void aFindingIsLookedForOnItsCounterpartStageNotOnAnyStageOfTheRule() {
        // the baseline's skewed stage 1 is stage 2 in the current run (a warm-up job shifts ids); stage 1 there is even
        var after = Snapshots.app().job(job(0, "warmup at App.scala:5", 0)).job(job(1, LOAD, 1)).job(job(2, COUNT, 2))
                .stage(stage(0).name("warmup at App.scala:5")).stage(stage(1).name(LOAD))
                .stage(stage(2).name(COUNT).wall(90).quantiles(TaskMetric.SHUFFLE_READ_BYTES, q(64 << 20, 2.0 * GIB))
                        .quantiles(TaskMetric.DURATION, q(2_000, 60_000)))
                .build();
        var d = diff(skewed(60_000).build(), after);
        assertThat(d.findings()).filteredOn(f -> f.rule().equals("skew.stage-task-time")).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(FindingOutcome.Status.UNCHANGED);
            assertThat(f.currentId()).contains("2.0");
        });
    }

    @Test
    void spillAppearingIsNamed() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT).wall(45).spill(2 * GIB, GIB)).build();
        Change first = diff(before, after).changes().get(0);
        assertThat(first.title()).contains("spill appeared: 1.0 GiB to disk (was 0 B)");
    }

    @Test
    void aDifferentTaskCountIsAPartitioningChange() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT).tasks(400, 400)).build();
        DiffResult d = diff(before, after);
        assertThat(d.significant()).singleElement().satisfies(c ->
                assertThat(c.title()).contains("partitioning changed: 100 → 400 tasks"));
    }

    @Test
    void aBroadcastJoinThatBecameSortMergeIsTheChangeAndTheSettingItsLikelyCause() {
        var before = Snapshots.app().job(job(0, "collect at Report.scala:5", Optional.of(0L), 0)).stage(stage(0))
                .sql(Runs.query(0, "daily report", 20_000, Runs.broadcastJoin(), 0)).build();
        var after = Snapshots.app().job(job(0, "collect at Report.scala:5", Optional.of(0L), 0, 1, 2))
                .stage(stage(0)).stage(stage(1)).stage(stage(2))
                .sql(Runs.query(0, "daily report", 50_000, Runs.sortMergeJoin(), 0))
                .conf("spark.sql.autoBroadcastJoinThreshold", "-1").build();
        DiffResult d = diff(before, after);
        Change first = d.changes().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.PLAN);
        assertThat(first.title()).isEqualTo("plan changed: BroadcastHashJoin → SortMergeJoin");
        assertThat(first.secondsExplained()).contains(30.0);
        assertThat(first.details()).first().isEqualTo("likely cause: spark.sql.autoBroadcastJoinThreshold set to -1 (was unset)");
        assertThat(first.details()).contains("−1 BroadcastExchange (1 → 0)", "+2 Exchange (0 → 2)",
                "stage 1 added: 30.0 s", "stage 2 added: 30.0 s");
        assertThat(d.changes()).noneMatch(c -> c.kind() == ChangeKind.STAGE_ADDED || c.kind() == ChangeKind.STAGE);
        assertThat(d.changes()).anyMatch(c -> c.kind() == ChangeKind.CONFIG);
    }

    @Test
    void aPythonUdfInThePlanIsNamed() {
        Plans plain = Plans.plan().node(0, "Project").node(1, "Scan parquet db.orders");
        Plans udf = Plans.plan().node(0, "Project").node(1, "BatchEvalPython").node(2, "Scan parquet db.orders");
        var before = Snapshots.app().job(job(0, "q", Optional.of(0L), 0)).stage(stage(0)).sql(Runs.query(0, "q", 1_000, plain, 0)).build();
        var after = Snapshots.app().job(job(0, "q", Optional.of(0L), 0)).stage(stage(0)).sql(Runs.query(0, "q", 9_000, udf, 0)).build();
        assertThat(diff(before, after).changes().get(0).title()).isEqualTo("plan changed: Python UDF added (BatchEvalPython)");
    }

    @Test
    void everyChangedPropertyIsListedButPerRunOnesAndRedactedSecretsAreNot() {
        String secret = "spark.hadoop.fs.s3a.secret.key";
        var before = Snapshots.app().conf("spark.ui.port", "4040").conf("spark.app.id", "app-1")
                .conf(secret, Redaction.value(secret, "old")).build();
        var after = Snapshots.app().conf("spark.ui.port", "4041").conf("spark.app.id", "app-2")
                .conf(secret, Redaction.value(secret, "new")).conf("spark.executor.memory", "8g")
                .conf("spark.sql.adaptive.enabled", "false").build();
        DiffResult d = diff(before, after);
        assertThat(d.changes()).filteredOn(c -> c.kind() == ChangeKind.CONFIG).extracting(Change::title)
                .containsExactly("spark.executor.memory changed: 4g → 8g",
                        "spark.sql.adaptive.enabled set to false (was unset)");
        assertThat(d.changes().toString()).doesNotContain("new").doesNotContain("4041");
    }

    @Test
    void versionAndExecutorChangesAreNamed() {
        var before = Snapshots.app().version("3.5.8").build();
        var after = Snapshots.app().version("4.0.1")
                .executors(executor("1", 4), executor("2", 4), executor("3", 4), executor("4", 4)).build();
        DiffResult d = diff(before, after);
        assertThat(d.significant()).extracting(Change::title).containsExactly("Spark 3.5.8 → 4.0.1",
                "executors changed: executors: 2 → 4; task slots: 8 → 16");
    }

    @Test
    void aNewFailureComesFirstClassifiedAndMakesTheRunWorse() {
        String oom = "java.lang.OutOfMemoryError: Java heap space";
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD).wall(90))
                .stage(stage(1).name(COUNT).failure("ExceptionFailure", "java.lang.OutOfMemoryError", oom, 4))
                .build();
        DiffResult d = diff(before, after);
        Change first = d.changes().get(0);
        assertThat(first.kind()).isEqualTo(ChangeKind.FAILURE);
        assertThat(first.title()).contains("OutOfMemoryError");
        assertThat(first.where()).isEqualTo("stage 1");
        assertThat(first.details()).anyMatch(l -> l.contains("4 failed task attempt(s)"));
    }

    @Test
    void aFailedJobMakesTheRunWorse() {
        var before = Snapshots.app().build();
        var after = Snapshots.app().job(Snapshots.failedJob(0, "Job aborted due to stage failure: java.lang.OutOfMemoryError: Java heap space", 3, 1))
                .build();
        DiffResult d = diff(before, after);
        assertThat(d.worse()).isTrue();
        assertThat(d.changes().get(0).kind()).isEqualTo(ChangeKind.FAILURE);
    }

    @Test
    void identicalRunsShowNoSignificantDifference() {
        var run = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        DiffResult d = diff(run, run);
        assertThat(d.significant()).isEmpty();
        assertThat(d.worse()).isFalse();
        assertThat(d.deltaMs()).isZero();
    }

    @Test
    void slowerBeyondTheThresholdIsWorseAndWithinItIsNot() {
        var before = Snapshots.app().build();
        assertThat(diff(before, Snapshots.app().endedAt(T0.plusSeconds(780)).build()).worse()).as("+30 %").isTrue();
        assertThat(diff(before, Snapshots.app().endedAt(T0.plusSeconds(660)).build()).worse()).as("+10 %").isFalse();
        assertThat(diff(before, Snapshots.app().endedAt(T0.plusSeconds(300)).build()).worse()).as("faster").isFalse();
    }

    @Test
    void timeNoiseOnAStageIsNotSignificant() {
        var before = twoJobs().stage(stage(0).name(LOAD)).stage(stage(1).name(COUNT)).build();
        var after = twoJobs().stage(stage(0).name(LOAD).wall(31)).stage(stage(1).name(COUNT)).build();
        DiffResult d = diff(before, after);
        assertThat(d.significant()).isEmpty();
        assertThat(d.changes()).anySatisfy(c -> assertThat(c.secondsExplained()).contains(1.0));
    }
}
