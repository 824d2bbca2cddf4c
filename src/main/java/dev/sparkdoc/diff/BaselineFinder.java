package dev.sparkdoc.diff;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.model.ListedApplication;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The baseline of {@code diff http://shs:18080 --app ID}: the most recent earlier run with the
 * same application name that succeeded (finished with no failed job). A History Server's
 * listing says whether a run finished, not whether it succeeded, so the newest few candidates
 * are read until one did.
 */
public final class BaselineFinder {

    /** Finished applications listed (one request); a scheduled job's earlier runs are among the newest. */
    static final int LISTED = 500;
    /** Candidates read at most: each read replays an event log on the server. */
    static final int READ_AT_MOST = 5;

    private BaselineFinder() {
    }

    public static AppSnapshot find(dev.sparkdoc.targets.Target.Http shs, HttpOptions http, AppSnapshot current) {
        List<ListedApplication> listed = Sources.list(shs, http, Optional.empty(), LISTED);
        return find(listed, current, app -> {
            try (SnapshotSource s = Sources.open(shs, new AppSelector(Optional.of(app.id()), app.attemptId()), http)) {
                return s.read();
            }
        }).orElseThrow(() -> new SourceException("no earlier successful run of '" + current.application().name()
                + "' at " + shs.display() + " (looked at the " + LISTED + " newest finished applications): "
                + "name the baseline with --baseline ID, or give it as a second target"));
    }

    /** The pure choice, for tests: candidates newest first, read one by one until one succeeded. */
    static Optional<AppSnapshot> find(List<ListedApplication> listed, AppSnapshot current,
                                      Function<ListedApplication, AppSnapshot> read) {
        String name = current.application().name();
        List<ListedApplication> candidates = listed.stream()
                .filter(ListedApplication::completed)
                .filter(a -> a.name().equals(name) && !a.id().equals(current.application().id()))
                .filter(a -> a.startTime().isBefore(current.application().startTime()))
                .sorted(Comparator.comparing(ListedApplication::startTime).reversed())
                .limit(READ_AT_MOST)
                .toList();
        for (ListedApplication candidate : candidates) {
            AppSnapshot s = read.apply(candidate);
            if (succeeded(s)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    static boolean succeeded(AppSnapshot s) {
        return s.application().completed() && s.jobs().stream().noneMatch(j -> j.status() == JobStatus.FAILED);
    }
}
