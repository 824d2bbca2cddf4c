package dev.sparkdoc.fleet;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.targets.Target;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Triage of every finished application of a History Server: one listing request, then each
 * application read and diagnosed as {@code triage --app ID} would, a few at a time. An application
 * that cannot be read becomes an entry with its error; only an unreadable listing fails the run.
 */
public final class FleetTriage {

    /**
     * Applications read at once. Each read already sends up to 4 requests in parallel, and the
     * History Server replays an application's whole event log on its first request (the costly
     * part, on the server's CPU): 2 at a time keeps a shared server responsive.
     */
    public static final int PARALLEL_APPS = 2;

    private final List<Rule> rules;
    private final Severity minimum;
    private final int parallelApps;
    private final Clock clock;

    public FleetTriage(List<Rule> rules, Severity minimum) {
        this(rules, minimum, PARALLEL_APPS, Clock.systemUTC());
    }

    FleetTriage(List<Rule> rules, Severity minimum, int parallelApps, Clock clock) {
        this.rules = List.copyOf(rules);
        this.minimum = minimum;
        this.parallelApps = parallelApps;
        this.clock = clock;
    }

    /**
     * @param since only applications that ended at or after this instant
     * @param limit the newest {@code limit} applications
     * @throws SourceException when the History Server's listing cannot be read
     */
    public FleetRun run(Target.Http target, HttpOptions http, Optional<Instant> since, int limit) {
        long started = System.nanoTime();
        Instant takenAt = clock.instant();
        List<ListedApplication> apps = Sources.list(target, http, since, limit);
        List<FleetEntry> entries = new ArrayList<>(readAll(target, http, apps));
        entries.sort(FleetRanking.ORDER);
        return new FleetRun(target.display(), takenAt, since, limit, minimum, entries,
                (System.nanoTime() - started) / 1_000_000);
    }

    private List<FleetEntry> readAll(Target.Http target, HttpOptions http, List<ListedApplication> apps) {
        if (apps.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(parallelApps, apps.size()), runnable -> {
            Thread thread = new Thread(runnable, "sparkdoc-fleet");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<FleetEntry>> pending = apps.stream()
                    .map(app -> pool.submit(() -> triage(target, http, app)))
                    .toList();
            List<FleetEntry> out = new ArrayList<>();
            for (Future<FleetEntry> entry : pending) {
                out.add(join(entry));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private FleetEntry triage(Target.Http target, HttpOptions http, ListedApplication app) {
        AppSelector selector = new AppSelector(Optional.of(app.id()), app.attemptId());
        try (SnapshotSource source = Sources.open(target, selector, http)) {
            return FleetEntry.read(app, Diagnosis.of(source.read(), rules), minimum);
        } catch (SourceException e) {
            return FleetEntry.unreadable(app, e.getMessage());
        }
    }

    private static FleetEntry join(Future<FleetEntry> entry) {
        try {
            return entry.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading applications", e);
        } catch (ExecutionException e) {
            // Not a SourceException (those are entries): a bug, reported as one by the CLI.
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
