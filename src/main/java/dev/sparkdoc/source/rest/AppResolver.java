package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.AppChooser.Candidate;
import dev.sparkdoc.source.rest.dto.ApplicationInfoDto;
import dev.sparkdoc.targets.Target;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import okhttp3.HttpUrl;

/**
 * Finds the application to read: on one URL, or on each driver-UI port of a host. Runs once per
 * {@link RestSource}; later polls only refresh the chosen application's entry.
 */
final class AppResolver {

    private final RestClient client;
    private final ExecutorService pool;

    AppResolver(RestClient client, ExecutorService pool) {
        this.client = client;
        this.pool = pool;
    }

    AppChoice resolve(Target target, AppSelector selector) {
        if (target instanceof Target.Http http) {
            return resolveUrl(new SparkApi(client, baseUrl(http.baseUrl())), selector, target.display());
        }
        if (target instanceof Target.HostScan scan) {
            return resolveScan(scan, selector);
        }
        throw new SourceException("not an HTTP target: " + target.display());
    }

    /**
     * The chosen application's current entry (one small request per poll). A driver UI serves one
     * application: when it no longer knows ours, a new application took the port (the driver was
     * restarted), and that is what the user attached to, unless they named an application. A
     * History Server that forgets an application is rescanning its log directory (after a
     * restart): it comes back.
     */
    AppChoice refresh(AppChoice choice, Target target, AppSelector selector) {
        try {
            return choice.refreshed(choice.api().application(choice.app().id()));
        } catch (NotFoundException e) {
            if (choice.kind() == SourceKind.HISTORY) {
                throw HistoryLoading.unlisted(choice, e);
            }
            if (selector.appId().isPresent()) {
                throw e;
            }
            AppChoice next = resolve(target, selector);
            List<String> notes = new ArrayList<>(next.notes());
            notes.add(0, "the driver at " + target.display() + " now serves " + next.app().id() + "; "
                    + choice.app().id() + " is gone (restarted?)");
            return new AppChoice(next.api(), next.app(), next.attempt(), next.kind(), notes);
        }
    }

    private AppChoice resolveUrl(SparkApi api, AppSelector selector, String display) {
        Optional<AppChoice> finished = selector.appId().flatMap(id -> finishedDirectly(api, id, selector, display));
        if (finished.isPresent()) {
            return finished.get();
        }
        List<Candidate> candidates = new ArrayList<>(api.applications().stream().map(a -> new Candidate(api, a)).toList());
        Optional<String> wanted = selector.appId();
        if (wanted.isPresent() && candidates.stream().noneMatch(c -> c.app().id().equals(wanted.get()))) {
            // A History Server may list only its newest apps (spark.history.ui.maxApplications): ask directly.
            candidates.add(new Candidate(api, directly(api, wanted.get(), candidates, display)));
        }
        return AppChooser.choose(candidates, selector, display);
    }

    /**
     * A named, finished application is asked for directly: one small request instead of a History
     * Server's whole listing (thousands of entries on a busy server, and fleet triage reads many
     * applications). Anything else goes through the listing: an unknown id (its message lists the
     * ids there are) and a running application (live or history depends on how many are listed).
     */
    private static Optional<AppChoice> finishedDirectly(SparkApi api, String appId, AppSelector selector, String display) {
        ApplicationInfoDto app;
        try {
            app = api.application(appId);
        } catch (NotFoundException e) {
            return Optional.empty();
        }
        boolean finished = !app.attempts().isEmpty() && app.attempts().stream().allMatch(a -> a.completed());
        return finished && appId.equals(app.id())
                ? Optional.of(AppChooser.choose(List.of(new Candidate(api, app)), selector, display))
                : Optional.empty();
    }

    private static ApplicationInfoDto directly(SparkApi api, String appId, List<Candidate> listed, String display) {
        try {
            return api.application(appId);
        } catch (NotFoundException e) {
            throw AppChooser.unknownApp(appId, listed, display);
        }
    }

    /**
     * Each driver on a host takes the next free port from 4040 and serves one application, so
     * every port is asked (in parallel, a refused port answers at once).
     */
    private AppChoice resolveScan(Target.HostScan scan, AppSelector selector) {
        List<CompletableFuture<List<Candidate>>> answers = scan.ports().stream()
                .map(port -> CompletableFuture.supplyAsync(() -> candidatesOn(scan.host(), port), pool))
                .toList();
        List<Candidate> candidates = new ArrayList<>();
        SourceException firstProblem = null;
        for (CompletableFuture<List<Candidate>> answer : answers) {
            try {
                candidates.addAll(Futures.join(answer));
            } catch (SourceException e) {
                if (firstProblem == null || isRefusal(firstProblem)) {
                    firstProblem = e;
                }
            }
        }
        if (candidates.isEmpty()) {
            throw firstProblem == null || isRefusal(firstProblem) ? nothingListening(scan) : firstProblem;
        }
        return AppChooser.choose(candidates, selector, scan.display());
    }

    private List<Candidate> candidatesOn(String host, int port) {
        SparkApi api = new SparkApi(client, new HttpUrl.Builder().scheme("http").host(unbracket(host)).port(port).build());
        return api.applications().stream().map(a -> new Candidate(api, a)).toList();
    }

    private static boolean isRefusal(SourceException e) {
        return e.getMessage().contains("connection refused");
    }

    private static SourceException nothingListening(Target.HostScan scan) {
        return new SourceException("cannot connect to " + scan.host() + " on ports " + scan.ports().get(0) + "–"
                + scan.ports().get(scan.ports().size() - 1) + ": connection refused — is the application running? "
                + HttpFailures.PORTS_HINT + "; give host:port or a URL for another port");
    }

    /** The base URL without any {@code user:password@}: credentials travel only in headers. */
    static HttpUrl baseUrl(URI uri) {
        try {
            URI clean = new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), null, null);
            HttpUrl url = HttpUrl.get(clean.toString());
            return url.encodedPath().endsWith("/") ? url : url.newBuilder().addPathSegment("").build();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new SourceException("not a usable http(s) URL: " + uri.getScheme() + "://" + uri.getHost());
        }
    }

    private static String unbracket(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
