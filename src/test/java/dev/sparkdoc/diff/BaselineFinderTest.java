package dev.sparkdoc.diff;

import static dev.sparkdoc.testing.Snapshots.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.testing.Snapshots;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BaselineFinderTest {

    private static ListedApplication listed(String id, String name, long startHoursAgo) {
        Instant start = T0.minusSeconds(startHoursAgo * 3600);
        return new ListedApplication(id, Optional.empty(), name, Optional.of("4.0.1"), start, Optional.of(start.plusSeconds(600)), true);
    }

    private static AppSnapshot named(String id, String name, Instant start, boolean failed) {
        Snapshots b = Snapshots.app();
        if (failed) {
            b.job(Snapshots.failedJob(0, "boom", 1, 1));
        }
        AppSnapshot s = b.build();
        Application a = s.application();
        return new AppSnapshot(s.source(), new Application(id, name, a.sparkVersion(), a.user(), a.attemptId(), start,
                a.endTime(), a.completed(), a.attempts()), s.jobs(), s.stages(), s.executors(), s.sqlExecutions(),
                s.environment(), s.takenAt());
    }

    @Test
    void picksTheLatestEarlierSuccessfulRunOfTheSameName() {
        AppSnapshot current = named("app-now", "nightly", T0, true);
        List<ListedApplication> listing = List.of(
                listed("app-later", "nightly", -2),        // after the current run: not a baseline
                listed("app-other", "hourly", 1),          // another application
                listed("app-failed", "nightly", 24),       // yesterday's run failed
                listed("app-good", "nightly", 48),
                listed("app-older", "nightly", 72));
        Map<String, Boolean> failed = Map.of("app-failed", true);
        List<String> read = new ArrayList<>();
        Optional<AppSnapshot> found = BaselineFinder.find(listing, current, app -> {
            read.add(app.id());
            return named(app.id(), app.name(), app.startTime(), failed.getOrDefault(app.id(), false));
        });
        assertThat(found).map(s -> s.application().id()).contains("app-good");
        assertThat(read).containsExactly("app-failed", "app-good");
    }

    @Test
    void noEarlierRunMeansNoBaseline() {
        AppSnapshot current = named("app-now", "nightly", T0, false);
        assertThat(BaselineFinder.find(List.of(listed("app-now", "nightly", 0)), current, app -> {
            throw new AssertionError("nothing to read");
        })).isEmpty();
    }
}
