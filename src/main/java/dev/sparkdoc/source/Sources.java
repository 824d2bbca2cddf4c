package dev.sparkdoc.source;

import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.redact.FreeTextRedaction;
import dev.sparkdoc.source.eventlog.EventLogSource;
import dev.sparkdoc.source.rest.ApplicationListing;
import dev.sparkdoc.source.rest.LogDownloader;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.source.snapshot.SnapshotFileSource;
import dev.sparkdoc.targets.Target;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Picks the reader for a target. */
public final class Sources {

    private Sources() {
    }

    /** The reader for a target, with the Spark-version check applied to what it reads. */
    public static SnapshotSource open(Target target, AppSelector selector, HttpOptions http) {
        return open(target, selector, http, Clock.systemUTC());
    }

    /** As {@link #open(Target, AppSelector, HttpOptions)}, an event log read as of {@code clock}'s now. */
    public static SnapshotSource open(Target target, AppSelector selector, HttpOptions http, Clock clock) {
        SnapshotSource inner = reader(target, selector, http, clock);
        return new SnapshotSource() {
            @Override
            public dev.sparkdoc.model.AppSnapshot read() {
                return FreeTextRedaction.apply(SparkVersionCheck.annotate(inner.read()));
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    /**
     * The applications a History Server (or a driver) lists, newest first: what {@code fleet} and
     * {@code diff --baseline} pick from before reading any of them.
     */
    public static List<ListedApplication> list(Target.Http target, HttpOptions http, Optional<Instant> since, int limit) {
        return ApplicationListing.list(target, http, since, limit);
    }

    /**
     * Every attempt of the finished applications a History Server lists, with when each log last
     * changed: what {@code fleet URL --store} downloads.
     */
    public static List<ServerAttempt> attempts(Target.Http target, HttpOptions http, Optional<Instant> since, int limit) {
        return ApplicationListing.attempts(target, http, since, limit);
    }

    /** The History Server's event-log downloads, at most {@link LogDownloader#IN_FLIGHT} at once. */
    public static LogDownloads logDownloads(Target.Http target, HttpOptions http) {
        return new LogDownloader(target, http);
    }

    private static SnapshotSource reader(Target target, AppSelector selector, HttpOptions http, Clock clock) {
        // Java 17 has no pattern switch; the sealed Target keeps this list complete.
        if (target instanceof Target.EventLog e) {
            return new EventLogSource(e.path(), e.path().toString(), clock);
        }
        if (target instanceof Target.SnapshotFile f) {
            return new SnapshotFileSource(f.path());
        }
        return new RestSource(target, selector, http);
    }
}
