package dev.sparkdoc.testing;

import dev.sparkdoc.source.rest.LiveDriverAnswers;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A fake Spark UI for tests of faults (real Spark serves the good cases): a MockWebServer that
 * answers through a {@link RoutingDispatcher}, started before and closed after each test,
 * {@code @RegisterExtension final FakeSpark spark = new FakeSpark();} (on a static field: once for
 * the class). Add routes, a fallback or faults before or during a test:
 * {@code spark.routes().resource("applications", "/spark-4.0.1-live/applications.json")},
 * {@code spark.liveDriver()}, {@code spark.fault(path, answer -> …)}.
 */
public final class FakeSpark implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private final MockWebServer server = new MockWebServer();
    private final RoutingDispatcher routes = new RoutingDispatcher();
    private boolean forTheClass;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        forTheClass = true;
        start();
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        if (!forTheClass) {
            start();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!forTheClass) {
            server.close();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.close();
    }

    private void start() throws IOException {
        server.setDispatcher(routes);
        server.start();
    }

    public RoutingDispatcher routes() {
        return routes;
    }

    public MockWebServer server() {
        return server;
    }

    public HttpUrl url(String path) {
        return server.url(path);
    }

    /** The server's root as a sparkdoc target. */
    public Target.Http target() {
        return new Target.Http(server.url("/").uri());
    }

    /** {@code http://host:port}, as sparkdoc's messages name a server. */
    public String origin() {
        return "http://" + server.getHostName() + ":" + server.getPort();
    }

    /**
     * Answers what no route takes as the Spark 4.0.1 driver of {@code src/test/resources/spark-4.0.1-live}
     * did, by the path's ending; enough for a whole snapshot.
     */
    public FakeSpark liveDriver() {
        routes.otherwise(request -> LiveDriverAnswers.ENDPOINTS.stream()
                .filter(e -> request.getUrl().encodedPath().endsWith(e.getKey())).findFirst()
                .map(e -> new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json")
                        .body(new okio.Buffer().write(LiveDriverAnswers.bytes(e.getValue()))).build())
                .orElseGet(() -> RoutingDispatcher.text(404, "unknown path " + request.getUrl().encodedPath())));
        return this;
    }

    /** A port on this machine where nothing listens (a driver that has gone away). */
    public static int closedPort() throws IOException {
        try (MockWebServer closed = new MockWebServer()) {
            closed.start();
            return closed.getPort();
        }
    }

    /** From now on, the answers to the requests {@code which} matches are {@code change}d. */
    public FakeSpark fault(Predicate<RecordedRequest> which, UnaryOperator<MockResponse> change) {
        routes.fault(which, change);
        return this;
    }

    /** Good answers again. */
    public void clearFaults() {
        routes.clearFaults();
    }
}
