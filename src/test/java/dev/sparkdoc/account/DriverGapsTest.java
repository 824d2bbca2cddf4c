package dev.sparkdoc.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.Environment;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.SourceInfo;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.TaskCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Timelines worked out by hand: jobs and queries at known seconds after T0, the app from T0 to
 * T0 + 100 s. Each test one shape of the driver's time between jobs.
 */
class DriverGapsTest {

    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final Instant END = T0.plusSeconds(100);

    @Test
    void theGapBetweenACollectAndTheNextJobIsTheDriversAndNamesBothJobs() {
        // 30 s of session start before job 0, a 25 s loop after it, 20 s of shutdown after job 1
        DriverGaps g = gaps(List.of(job(0, "collectAsList at App.java:17", 30, 40), job(1, "count at App.java:35", 65, 80)), List.of());

        assertThat(g.windowMs()).isEqualTo(50_000);
        assertThat(g.totalMs()).isEqualTo(25_000);
        assertThat(g.share()).isCloseTo(0.5, within(1e-9));
        DriverGaps.Gap longest = g.longest().orElseThrow();
        assertThat(longest.ms()).isEqualTo(25_000);
        assertThat(longest.after().name()).isEqualTo("collectAsList at App.java:17");
        assertThat(longest.before().name()).isEqualTo("count at App.java:35");
    }

    @Test
    void aGapInsideARunningQueryIsSparksOwnWorkNotTheDrivers() {
        // one query of two jobs (AQE re-planning, a broadcast built between them), then 10 s of the app's own code
        SqlExecution query = sql(7, 10, 40);
        DriverGaps g = gaps(List.of(job(0, "a", 10, 15), job(1, "b", 35, 40), job(2, "c", 50, 60)), List.of(query));

        assertThat(g.gaps()).hasSize(1);
        assertThat(g.totalMs()).isEqualTo(10_000);
        assertThat(g.longest().orElseThrow().after().jobId()).isEqualTo(1);
    }

    @Test
    void aQueryWithoutJobsBetweenTwoJobsCoversItsTime() {
        // a command (CREATE TABLE, a file listing) ran from 45 s to 55 s: only its two ends are the driver's
        DriverGaps g = gaps(List.of(job(0, "a", 10, 40), job(1, "b", 60, 70)), List.of(sql(3, 45, 55)));

        assertThat(g.totalMs()).isEqualTo(10_000);
        assertThat(g.gaps()).hasSize(2);
        assertThat(g.longest().orElseThrow().startMs()).isEqualTo(T0.plusSeconds(40).toEpochMilli());
    }

    @Test
    void jobsRunningAtOnceLeaveNoGapAndTheLongestOfSeveralIsChosen() {
        DriverGaps g = gaps(List.of(job(0, "a", 10, 30), job(1, "b", 20, 40), job(2, "c", 43, 50), job(3, "d", 58, 60)), List.of());

        assertThat(g.gaps()).extracting(DriverGaps.Gap::ms).containsExactly(3_000L, 8_000L);
        assertThat(g.longest().orElseThrow().after().jobId()).isEqualTo(2);
        assertThat(g.longest().orElseThrow().before().jobId()).isEqualTo(3);
    }

    @Test
    void fiftyThousandJobsEachWithAGapAfterItAreAllFound() {
        // a stream's micro-batches: a job of 1 s every 2 s; the app's window is T0 to END only for the other tests
        List<Job> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            jobs.add(job(i, "batch " + i, 2L * i, 2L * i + 1));
        }
        DriverGaps g = DriverGaps.of(snapshot(jobs, List.of()), T0.plusSeconds(100_000)).orElseThrow();

        assertThat(g.gaps()).hasSize(49_999);
        assertThat(g.totalMs()).isEqualTo(49_999_000L);
        assertThat(g.gaps().get(49_998).after().jobId()).isEqualTo(49_998);
        assertThat(g.gaps().get(49_998).before().jobId()).isEqualTo(49_999);
    }

    @Test
    void oneJobHasNoBetween() {
        assertThat(DriverGaps.of(snapshot(List.of(job(0, "a", 10, 90)), List.of()), END)).isEmpty();
    }

    @Test
    void aRunningJobEndsNowAndTheTimeAfterTheLastJobIsNotCounted() {
        Job running = new Job(1, "b", Optional.empty(), Optional.empty(), JobStatus.RUNNING, Optional.of(T0.plusSeconds(50)),
                Optional.empty(), List.of(1), TaskCounts.NONE, 1, 0, 0, 0, Optional.empty(), Optional.empty());
        DriverGaps g = DriverGaps.of(snapshot(List.of(job(0, "a", 10, 20), running), List.of()), T0.plusSeconds(70)).orElseThrow();

        assertThat(g.windowMs()).isEqualTo(60_000);
        assertThat(g.totalMs()).isEqualTo(30_000);
    }

    private static DriverGaps gaps(List<Job> jobs, List<SqlExecution> queries) {
        return DriverGaps.of(snapshot(jobs, queries), END).orElseThrow();
    }

    private static Job job(int id, String name, long startS, long endS) {
        return new Job(id, name, Optional.empty(), Optional.empty(), JobStatus.SUCCEEDED, Optional.of(T0.plusSeconds(startS)),
                Optional.of(T0.plusSeconds(endS)), List.of(id), TaskCounts.NONE, 0, 1, 0, 0, Optional.empty(), Optional.empty());
    }

    private static SqlExecution sql(long id, long startS, long endS) {
        return new SqlExecution(id, "query " + id, "COMPLETED", Optional.of(T0.plusSeconds(startS)), (endS - startS) * 1000, List.of(),
                List.of(), List.of(), List.of(), List.of(), Optional.empty(), Map.of());
    }

    private static AppSnapshot snapshot(List<Job> jobs, List<SqlExecution> queries) {
        Application app = new Application("app-1", "test", Optional.of("3.5.1"), "alice", Optional.empty(), T0, Optional.of(END), true,
                List.of());
        return new AppSnapshot(SourceInfo.of(SourceKind.EVENTLOG, "test", true), app, jobs, List.of(), List.of(), queries,
                new Environment(Optional.of("17"), Optional.empty(), Map.of(), Map.of()), END);
    }
}
