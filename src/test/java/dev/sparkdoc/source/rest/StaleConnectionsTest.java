package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sparkdoc.json.Json;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pooled connections the server already closed (Jetty closes idle ones, a proxy closes each one
 * after an answer, a laptop slept): never seen by the user. The one retry goes out on a fresh
 * connection, and a failure that remains is worded without the HTTP parser's internals.
 */
@Timeout(30)   // a guard against a hang, not a measurement
class StaleConnectionsTest {

    private static final String BODY = "[]";
    private static final RestClient.JsonBody<JsonNode> TREE = parser -> Json.mapper().readTree(parser);

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final RestClient client = new RestClient(HttpSettings.client(HttpOptions.DEFAULT), Headers.of(), Duration.ofSeconds(5));

    @Test
    void theRetryUsesAFreshConnectionWhenEveryPooledOneWasClosedByTheServer() {
        // answers that overlap (four connections), each connection closed by the server once answered
        mock.routes().route("/api/v1/applications", () -> RoutingDispatcher.json(BODY).newBuilder()
                .headersDelay(300, java.util.concurrent.TimeUnit.MILLISECONDS)
                .onResponseEnd(new SocketEffect.CloseSocket()).build());
        List<CompletableFuture<RestClient.Answer<JsonNode>>> overlapping = IntStream.range(0, RestSource.PARALLEL_REQUESTS)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> client.get(mock.url("/api/v1/applications"), TREE))).toList();
        overlapping.forEach(CompletableFuture::join);

        RestClient.Answer<JsonNode> next = client.get(mock.url("/api/v1/applications"), TREE);

        assertThat(next.json()).map(JsonNode::toString).contains(BODY);
        // one attempt died on a pooled connection before reaching the server; the retry did reach it
        assertThat(client.requests()).isEqualTo(RestSource.PARALLEL_REQUESTS + 2L);
        assertThat(mock.server().getRequestCount()).isEqualTo(RestSource.PARALLEL_REQUESTS + 1);
    }

    @Test
    void aServerThatClosesEveryConnectionUnansweredIsOneLineWithoutTheParsersWords() {
        mock.routes().route("/api/v1/applications", () -> new MockResponse.Builder()
                .onResponseStart(new SocketEffect.CloseSocket()).build());

        RestFault fault = catchThrowableOfType(RestFault.class, () -> client.get(mock.url("/api/v1/applications"), TREE));

        assertThat(fault.kind()).isEqualTo(SourceFault.UNREACHABLE);
        assertThat(fault.getMessage()).isEqualTo("reading " + mock.url("/api/v1/applications") + " failed: closed by the server"
                + " — the connection broke mid-answer; is the driver still running?");
        // HTTP requests only: the TLS probe after the last failure (http:// to a TLS port fails alike) sends none
        assertThat(mock.routes().count(r -> "/api/v1/applications".equals(r.getUrl().encodedPath())))
                .as("asked once, and once more on a fresh connection").isEqualTo(2);
    }
}
