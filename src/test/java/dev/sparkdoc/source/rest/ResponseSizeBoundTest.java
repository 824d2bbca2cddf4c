package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.json.Json;
import java.time.Duration;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import okhttp3.Headers;
import okhttp3.OkHttpClient;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A proxy or a broken server can answer far more than any Spark endpoint does: the client stops
 * at its bound instead of loading the whole answer (MockWebServer, as no real Spark answers so).
 */
class ResponseSizeBoundTest {

    private static final long LIMIT = 1 << 20;

    private final MockWebServer server = new MockWebServer();
    private static final RestClient.JsonBody<String> STRING = parser -> Json.mapper().readValue(parser, String.class);

    private final RestClient client = new RestClient(new OkHttpClient(), Headers.of(), Duration.ofSeconds(5), LIMIT);

    @BeforeEach
    void start() throws Exception {
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void answerDeclaredLargerThanTheBoundIsRefusedUnread() {
        server.enqueue(new MockResponse.Builder().body(json(3 * LIMIT)).build());

        assertThatThrownBy(() -> client.get(server.url("/api/v1/applications/app-1/environment"), STRING))
                .isInstanceOf(ResponseTooLargeException.class)
                .hasMessage("the answer from " + server.url("/api/v1/applications/app-1/environment")
                        + " is 3 MB, over the 1 MB limit: not read (run SPARKDOC_JAVA_OPTS=-Dsparkdoc.rest.maxResponseBytes=<bytes> sparkdoc … to raise it)");
        assertThat(client.bytes()).isZero();
    }

    @Test
    void chunkedAnswerIsAbandonedSoonAfterItPassesTheBound() {
        server.enqueue(new MockResponse.Builder().chunkedBody(json(8 * LIMIT), 64 * 1024).build());

        assertThatThrownBy(() -> client.get(server.url("/api/v1/applications/app-1/sql?offset=0"), STRING))
                .isInstanceOf(ResponseTooLargeException.class)
                .hasMessageContaining("/api/v1/applications/app-1/sql passed the 1 MB limit: reading stopped")
                .hasMessageNotContaining("offset");
        // the bound plus one read (64 KB), not the 8 MB answer
        assertThat(client.bytes()).isGreaterThan(LIMIT).isLessThanOrEqualTo(LIMIT + (1 << 16));
    }

    @Test
    void answerAtTheBoundIsReadWhole() {
        Buffer body = json(LIMIT);
        long size = body.size();
        server.enqueue(new MockResponse.Builder().chunkedBody(body, 8192).build());

        RestClient.Answer<String> r = client.get(server.url("/api/v1/applications"), STRING);

        assertThat(r.http().code()).isEqualTo(200);
        assertThat(r.json()).hasValueSatisfying(text -> assertThat(text.length() + 2L).isEqualTo(size));
        assertThat(client.bytes()).isEqualTo(size);
    }

    /** A JSON string of exactly {@code bytes} bytes. */
    private static Buffer json(long bytes) {
        Buffer b = new Buffer().writeUtf8("\"");
        byte[] block = "x".repeat(8192).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        while (b.size() < bytes - 1) {
            b.write(block, 0, (int) Math.min(block.length, bytes - 1 - b.size()));
        }
        return b.writeUtf8("\"");
    }
}
