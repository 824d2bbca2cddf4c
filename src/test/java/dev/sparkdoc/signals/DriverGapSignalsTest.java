package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.TaskCounts;
import dev.sparkdoc.testing.Snapshots;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The driver's time between jobs as app facts, and the two kinds of application idle between
 * jobs by design. Jobs at known seconds after {@link Snapshots#T0}.
 */
class DriverGapSignalsTest {

    @Test
    void theLongestGapNamesTheJobBeforeItByItsCallSite() {
        ScopeFacts app = Facts.app(twoJobs(Snapshots.app(), Optional.empty()));

        assertThat(Facts.value(app, "app.driverGaps.between")).isEqualTo(25_000);
        assertThat(Facts.value(app, "app.driverGaps.longest")).isEqualTo(25_000);
        assertThat(Facts.value(app, "app.driverGaps.share")).isEqualTo(25.0 / 40);
        assertThat(Facts.value(app, "app.driverGaps.count")).isEqualTo(1);
        assertThat(app.text("app.driverGaps.after")).contains("job 0 (collectAsList at App.java:17)");
        assertThat(app.text("app.driverGaps.next")).contains("job 1 (count at App.java:35)");
        assertThat(Facts.value(app, "app.streaming")).isZero();
        assertThat(Facts.value(app, "app.interactive")).isZero();
    }

    @Test
    void aMicroBatchsJobMarksAStream() {
        String batch = "orders\nid = 6f1c2a4e-0000-4000-8000-000000000001\nrunId = 6f1c2a4e-0000-4000-8000-000000000002\nbatch = 4";
        ScopeFacts app = Facts.app(twoJobs(Snapshots.app(), Optional.of(batch)));

        assertThat(Facts.value(app, "app.streaming")).isEqualTo(1);
    }

    @Test
    void sparkShellThePySparkShellAndANotebooksSessionAreInteractive() {
        assertThat(Facts.value(Facts.app(twoJobs(Snapshots.app().conf("spark.repl.class.uri", "spark://10.0.0.1:40000/classes"),
                Optional.empty())), "app.interactive")).isEqualTo(1);
        assertThat(Facts.value(Facts.app(twoJobs(Snapshots.app().named("app-2", "PySparkShell"), Optional.empty())),
                "app.interactive")).isEqualTo(1);
        // a Jupyter kernel's session started without an app name
        assertThat(Facts.value(Facts.app(twoJobs(Snapshots.app().named("app-4", "pyspark-shell"), Optional.empty())),
                "app.interactive")).isEqualTo(1);
        assertThat(Facts.value(Facts.app(twoJobs(Snapshots.app().named("app-3", "nightly PySpark shell export"), Optional.empty())),
                "app.interactive")).isZero();
    }

    /** Job 0 from 10 s to 20 s, 25 s of the driver alone, job 1 from 45 s to 50 s; the app runs to 600 s. */
    private static Snapshots twoJobs(Snapshots s, Optional<String> description) {
        return s.job(job(0, "collectAsList at App.java:17", description, 10, 20)).job(job(1, "count at App.java:35", description, 45, 50));
    }

    private static Job job(int id, String name, Optional<String> description, long startS, long endS) {
        return new Job(id, name, description, Optional.empty(), JobStatus.SUCCEEDED, Optional.of(Snapshots.T0.plusSeconds(startS)),
                Optional.of(Snapshots.T0.plusSeconds(endS)), List.of(), TaskCounts.NONE, 0, 1, 0, 0, Optional.empty(), Optional.empty());
    }
}
