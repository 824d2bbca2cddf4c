package dev.sparkdoc.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;

/**
 * Answers MockWebServer requests by path (first matching route wins), like a small Spark UI; a
 * path no route takes gets the fallback answer, by default Spark's own for it: 404 text/plain.
 * Faults change the answers of the requests they match on their way out. Every request is
 * recorded. Routes and faults may be added before or during a test (requests arrive on other threads).
 */
public final class RoutingDispatcher extends Dispatcher {

    private record Route(String path, Predicate<RecordedRequest> when, Function<RecordedRequest, MockResponse> response) {
    }

    private record Fault(Predicate<RecordedRequest> which, UnaryOperator<MockResponse> change) {
    }

    private final List<Route> routes = new CopyOnWriteArrayList<>();
    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private final List<RecordedRequest> requests = Collections.synchronizedList(new ArrayList<>());
    private volatile Function<RecordedRequest, MockResponse> fallback =
            request -> text(404, "unknown path " + request.getUrl().encodedPath());

    public static MockResponse json(String body) {
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").body(body).build();
    }

    public static MockResponse text(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "text/plain").body(body).build();
    }

    public RoutingDispatcher route(String path, Supplier<MockResponse> response) {
        return route(path, r -> true, response);
    }

    public RoutingDispatcher route(String path, Predicate<RecordedRequest> when, Supplier<MockResponse> response) {
        return answer(path, when, request -> response.get());
    }

    /** A route whose answer depends on the request (e.g. on its query). */
    public RoutingDispatcher answer(String path, Predicate<RecordedRequest> when, Function<RecordedRequest, MockResponse> response) {
        routes.add(new Route(path, when, response));
        return this;
    }

    /** Serve a JSON resource at an {@code /api/v1/…} path. */
    public RoutingDispatcher resource(String apiPath, String resource) {
        String body = resourceText(resource);
        return route("/api/v1/" + apiPath, () -> json(body));
    }

    public RoutingDispatcher resource(String apiPath, Predicate<RecordedRequest> when, String resource) {
        String body = resourceText(resource);
        return route("/api/v1/" + apiPath, when, () -> json(body));
    }

    /** The answer to every request no route takes. */
    public RoutingDispatcher otherwise(Function<RecordedRequest, MockResponse> answer) {
        fallback = answer;
        return this;
    }

    /** From now on, the answers to the requests {@code which} matches are {@code change}d (a fault). */
    public RoutingDispatcher fault(Predicate<RecordedRequest> which, UnaryOperator<MockResponse> change) {
        faults.add(new Fault(which, change));
        return this;
    }

    /** Good answers again. */
    public void clearFaults() {
        faults.clear();
    }

    public List<RecordedRequest> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    public long count(Predicate<RecordedRequest> which) {
        return requests().stream().filter(which).count();
    }

    public void clearRequests() {
        requests.clear();
    }

    public static Predicate<RecordedRequest> query(String name, String value) {
        return r -> value.equals(r.getUrl().queryParameter(name));
    }

    /** Requests whose path starts with {@code prefix}, e.g. {@code /api/v1/applications/}. */
    public static Predicate<RecordedRequest> pathStartingWith(String prefix) {
        return r -> r.getUrl().encodedPath().startsWith(prefix);
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
        requests.add(request);
        MockResponse answer = route(request);
        for (Fault fault : faults) {
            if (fault.which().test(request)) {
                answer = fault.change().apply(answer);
            }
        }
        return answer;
    }

    private MockResponse route(RecordedRequest request) {
        String path = request.getUrl().encodedPath();
        for (Route route : routes) {
            if (route.path().equals(path) && route.when().test(request)) {
                return route.response().apply(request);
            }
        }
        return fallback.apply(request);
    }

    /** A test resource as text, e.g. {@code /spark-4.0.1-live/jobs.json}. */
    public static String resourceText(String resource) {
        try (InputStream in = RoutingDispatcher.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
