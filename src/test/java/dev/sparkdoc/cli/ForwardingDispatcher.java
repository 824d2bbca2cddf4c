package dev.sparkdoc.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * A MockWebServer in front of a real History Server: passes requests through, except those
 * {@code fault} picks, which get an HTTP 500. Records every path and the most applications
 * served at the same time.
 */
final class ForwardingDispatcher extends Dispatcher {

    private static final Pattern APP = Pattern.compile("/api/v1/applications/([^/]+)/.*");

    private final OkHttpClient http = new OkHttpClient();
    private final HttpUrl upstream;
    private final Predicate<String> fault;
    private final List<String> paths = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> inFlight = new HashMap<>();
    private int mostAppsAtOnce;

    ForwardingDispatcher(HttpUrl upstream, Predicate<String> fault) {
        this.upstream = upstream;
        this.fault = fault;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
        HttpUrl url = request.getUrl();
        String pathAndQuery = url.encodedPath() + (url.encodedQuery() == null ? "" : "?" + url.encodedQuery());
        paths.add(pathAndQuery);
        Matcher app = APP.matcher(url.encodedPath());
        String appId = app.matches() ? app.group(1) : null;
        enter(appId);
        try {
            if (fault.test(url.encodedPath())) {
                return new MockResponse.Builder().code(500).setHeader("Content-Type", "text/plain")
                        .body("java.lang.IllegalStateException: injected fault").build();
            }
            return forward(url);
        } finally {
            leave(appId);
        }
    }

    List<String> paths() {
        synchronized (paths) {
            return List.copyOf(paths);
        }
    }

    synchronized int mostAppsAtOnce() {
        return mostAppsAtOnce;
    }

    private MockResponse forward(HttpUrl url) {
        HttpUrl target = upstream.newBuilder().encodedPath(url.encodedPath()).encodedQuery(url.encodedQuery()).build();
        try (Response r = http.newCall(new Request.Builder().url(target).build()).execute()) {
            return new MockResponse.Builder().code(r.code())
                    .setHeader("Content-Type", r.header("Content-Type", "application/json"))
                    .body(r.body().string()).build();
        } catch (IOException e) {
            return new MockResponse.Builder().code(502).body(e.toString()).build();
        }
    }

    private synchronized void enter(String appId) {
        if (appId != null) {
            inFlight.merge(appId, 1, Integer::sum);
            mostAppsAtOnce = Math.max(mostAppsAtOnce, inFlight.size());
        }
    }

    private synchronized void leave(String appId) {
        if (appId != null && inFlight.merge(appId, -1, Integer::sum) == 0) {
            inFlight.remove(appId);
        }
    }
}
