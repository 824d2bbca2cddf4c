package dev.sparkdoc.source.rest;

import dev.sparkdoc.targets.Target;
import java.io.IOException;
import mockwebserver3.MockWebServer;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A MockWebServer answering through a {@link RoutingDispatcher}, started before and closed after
 * each test: {@code @RegisterExtension final MockSparkServer spark = new MockSparkServer();}.
 * Routes may be added before or during a test.
 */
final class MockSparkServer implements BeforeEachCallback, AfterEachCallback {

    private final MockWebServer server = new MockWebServer();
    private final RoutingDispatcher routes = new RoutingDispatcher();

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        server.setDispatcher(routes);
        server.start();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        server.close();
    }

    RoutingDispatcher routes() {
        return routes;
    }

    MockWebServer server() {
        return server;
    }

    HttpUrl url(String path) {
        return server.url(path);
    }

    /** The server's root as a sparkdoc target. */
    Target.Http target() {
        return new Target.Http(server.url("/").uri());
    }

    /** {@code http://host:port}, as sparkdoc's messages name a server. */
    String origin() {
        return "http://" + server.getHostName() + ":" + server.getPort();
    }
}
