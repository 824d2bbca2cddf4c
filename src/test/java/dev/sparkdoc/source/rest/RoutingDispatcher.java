package dev.sparkdoc.source.rest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * Answers MockWebServer requests by path (first matching route wins), like a small Spark UI.
 * Unknown paths get Spark's own answer for them: 404 text/plain. Every request is recorded.
 */
final class RoutingDispatcher extends Dispatcher {

    private record Route(String path, Predicate<RecordedRequest> when, Function<RecordedRequest, MockResponse> response) {
    }

    private final List<Route> routes = new ArrayList<>();
    private final List<RecordedRequest> requests = Collections.synchronizedList(new ArrayList<>());

    static MockResponse json(String body) {
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").body(body).build();
    }

    static MockResponse text(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "text/plain").body(body).build();
    }

    RoutingDispatcher route(String path, Supplier<MockResponse> response) {
        return route(path, r -> true, response);
    }

    RoutingDispatcher route(String path, Predicate<RecordedRequest> when, Supplier<MockResponse> response) {
        return answer(path, when, request -> response.get());
    }

    /** A route whose answer depends on the request (e.g. on its query). */
    RoutingDispatcher answer(String path, Predicate<RecordedRequest> when, Function<RecordedRequest, MockResponse> response) {
        routes.add(new Route(path, when, response));
        return this;
    }

    /** Serve a JSON resource at an {@code /api/v1/…} path. */
    RoutingDispatcher resource(String apiPath, String resource) {
        String body = Fixtures.text(resource);
        return route("/api/v1/" + apiPath, () -> json(body));
    }

    RoutingDispatcher resource(String apiPath, Predicate<RecordedRequest> when, String resource) {
        String body = Fixtures.text(resource);
        return route("/api/v1/" + apiPath, when, () -> json(body));
    }

    List<RecordedRequest> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    long count(Predicate<RecordedRequest> which) {
        return requests().stream().filter(which).count();
    }

    void clearRequests() {
        requests.clear();
    }

    static Predicate<RecordedRequest> query(String name, String value) {
        return r -> value.equals(r.getUrl().queryParameter(name));
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        requests.add(request);
        String path = request.getUrl().encodedPath();
        for (Route route : routes) {
            if (route.path().equals(path) && route.when().test(request)) {
                return route.response().apply(request);
            }
        }
        return text(404, "unknown path " + path);
    }
}
