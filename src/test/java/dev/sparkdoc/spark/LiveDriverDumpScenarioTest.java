package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.ExecutorQuiet;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import dev.sparkdoc.testing.TriageSchema;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the driver does while its executors sit idle: a real {@code local[2]} application whose
 * driver thread, between two jobs, spends {@value #BUSY_MS} ms in a method of its own
 * ({@link Report#build}), then waits (as a streaming app's main waits in awaitTermination) with
 * nothing running. Within two polls of the 30th quiet second the top finding names the method,
 * its line and the thread's state; once the driver only waits, nothing says it is busy: what is left
 * at warning is the report's gap between the jobs, from the timeline.
 */
@RealSpark
class LiveDriverDumpScenarioTest {

    static final long BUSY_MS = 75_000;
    private static final Duration THRESHOLD = Duration.ofSeconds(30);

    /** The driver-side work of a user's job: a report built in a loop over collected rows. */
    static final class Report {
        static double build(long rows) {
            double x = rows;
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BUSY_MS);
            while (System.nanoTime() < end) { x = Math.sqrt(x + 1) + Math.log1p(x); } // LINE_OF_LOOP
            return x;
        }
    }

    /** The loop's line in this file, found by its marker: the class's comments may grow above it. */
    static final int LINE_OF_LOOP = lineOf("// LINE_OF_" + "LOOP");

    private static int lineOf(String marker) {
        try {
            List<String> lines = Files.readAllLines(Path.of("src/test/java/dev/sparkdoc/spark/LiveDriverDumpScenarioTest.java"));
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(marker)) {
                    return i + 1;
                }
            }
            throw new IllegalStateException("no " + marker + " in LiveDriverDumpScenarioTest.java");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long quietMs(AppSnapshot s) {
        return ExecutorQuiet.ms(s.application(), s.stages(), s.takenAt());
    }

    /** The description of the jobs after the report (a count may run as more than one job under AQE). */
    private static final String AFTER = "after the report";

    /** Whether the jobs after the report have run: the driver has left Report.build. */
    private static boolean pastTheReport(AppSnapshot s) {
        return s.jobs().stream().anyMatch(j -> j.description().orElse("").equals(AFTER));
    }

    private static boolean allDone(AppSnapshot s) {
        return pastTheReport(s) && s.jobs().stream().allMatch(j -> j.status() == dev.sparkdoc.model.JobStatus.SUCCEEDED);
    }

    @Test
    void theDriversBusyMethodAndLineAreTheTopFindingWithinTwoPollsAndAWaitingDriverShowsNothingAtWarning() {
        CountDownLatch done = new CountDownLatch(1);
        try (LocalSpark spark = LocalSpark.builder().appName("scenario: a driver busy in Report.build").start();
             RestSource rest = new RestSource(new Target.Http(URI.create(spark.uiUrl() + "/")), AppSelector.ANY, HttpOptions.DEFAULT)) {
            BackgroundJob job = BackgroundJob.start(spark.session(), "a driver busy between jobs", session -> {
                long rows = session.range(0, 1000, 1, 4).count();
                double report = Report.build(rows);
                session.sparkContext().setJobDescription(AFTER);
                long more = session.range(0, 1000, 1, 4).count();
                try {
                    done.await(3, TimeUnit.MINUTES); // waits for its user, as a streaming app or a notebook does
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return rows + more + (report > 0 ? 0 : 1);
            });

            // busy: the first poll 30 s into the quiet after job 0, and the next (a dump may have been slow)
            AppSnapshot s = Await.value("30 s of quiet while the driver builds its report", ScenarioTriage.PATIENCE,
                    () -> ScenarioTriage.readOrNull(rest), snap -> snap != null && !snap.jobs().isEmpty() && !pastTheReport(snap) && quietMs(snap) >= THRESHOLD.toMillis());
            Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
            if (!hasDriverFinding(d)) {
                s = Await.value("the poll after", ScenarioTriage.PATIENCE, () -> ScenarioTriage.readOrNull(rest), java.util.Objects::nonNull);
                d = Diagnosis.of(s, RuleCatalog.builtIn());
            }
            assertThat(pastTheReport(s)).as("the driver was still in Report.build").isFalse();
            assertThat(s.driverDump()).as(s.source().notes().toString()).isPresent();
            assertThat(TriageSchema.errors(d)).isEmpty();
            Finding top = d.atLeast(Severity.WARNING).get(0);
            assertThat(top.rule()).as(ScenarioTriage.describe("busy driver", d)).isEqualTo("scheduling.driver-own-work");
            assertThat(top.title()).contains("sparkdoc-workload is in LiveDriverDumpScenarioTest$Report.build (LiveDriverDumpScenarioTest.java:"
                    + LINE_OF_LOOP + "), RUNNABLE");
            assertThat(top.secondsLost()).isGreaterThanOrEqualTo(THRESHOLD.toSeconds());
            System.err.println("LiveDriverDumpScenarioTest busy: " + top.title() + "\n  " + top.evidence().stream()
                    .filter(e -> e.unit().equals("text")).map(Finding.Evidence::display).toList());

            // idle: 30 s of quiet after job 1 with the driver waiting on its latch
            AppSnapshot idle = Await.value("30 s of quiet while the driver waits", ScenarioTriage.PATIENCE,
                    () -> ScenarioTriage.readOrNull(rest),
                    snap -> snap != null && allDone(snap) && quietMs(snap) >= THRESHOLD.toMillis() && snap.driverDump().isPresent());
            Diagnosis quiet = Diagnosis.of(idle, RuleCatalog.builtIn());
            var facts = dev.sparkdoc.signals.Signals.compute(idle).app();
            System.err.println("LiveDriverDumpScenarioTest idle: " + facts.text("app.driver.thread").orElse("-") + "\n  "
                    + ScenarioTriage.describe("waiting driver", quiet));
            assertThat(facts.value("app.driver.ownCode")).as(idle.driverDump().toString()).hasValue(0.0);
            // nothing says the waiting driver is busy; what the app's history holds is the report's gap between its
            // jobs, which scheduling.driver-between-jobs reads from the timeline alone, live as from a log
            assertThat(quiet.atLeast(Severity.WARNING)).as(ScenarioTriage.describe("waiting driver", quiet))
                    .extracting(Finding::rule).containsExactly("scheduling.driver-between-jobs");
            assertThat(quiet.atLeast(Severity.WARNING).get(0).secondsLost()).isGreaterThanOrEqualTo(BUSY_MS / 1000.0 * 0.9);
            done.countDown();
            assertThat(job.await(ScenarioTriage.PATIENCE)).isEqualTo(2000);
        } finally {
            done.countDown();
        }
    }

    private static boolean hasDriverFinding(Diagnosis d) {
        return d.atLeast(Severity.WARNING).stream().findFirst().map(f -> f.rule().equals("scheduling.driver-own-work")).orElse(false);
    }
}
