package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.source.rest.LiveDriverAnswers;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A driver or proxy answering with anything: one endpoint of a real Spark 4.0.1 driver's answers
 * (spark-4.0.1-live) is replaced by fuzzed bytes. Reading gives a snapshot or a
 * {@link SourceException}, never another exception.
 */
class RestJsonFuzzTest {

    /** Path ending → the real answer; the fuzzer picks which one it replaces. */
    private static final List<Map.Entry<String, String>> ENDPOINTS = LiveDriverAnswers.ENDPOINTS;

    private static MockWebServer server;
    private static volatile int fuzzed;
    private static volatile byte[] body = new byte[0];

    @BeforeAll
    static void start() throws IOException {
        server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String path = request.getUrl().encodedPath();
                for (int i = 0; i < ENDPOINTS.size(); i++) {
                    if (path.endsWith(ENDPOINTS.get(i).getKey())) {
                        byte[] answer = i == fuzzed ? body : LiveDriverAnswers.bytes(ENDPOINTS.get(i).getValue());
                        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json")
                                .body(new Buffer().write(answer)).build();
                    }
                }
                return new MockResponse.Builder().code(404).body("no such path").build();
            }
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Without this the fuzz test would pass on a reader that fails everything. */
    @org.junit.jupiter.api.Test
    void theRealAnswersReadWithoutFuzz() {
        fuzzed = -1;
        HttpOptions http = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(5));
        try (SnapshotSource source = Sources.open(new Target.Http(URI.create(server.url("/").toString())), AppSelector.ANY, http)) {
            org.assertj.core.api.Assertions.assertThat(source.read().jobs()).isNotEmpty();
        }
    }

    @FuzzTest(maxDuration = "5m")
    void anyAnswerReadsOrFailsWithASourceException(FuzzedDataProvider data) {
        // Jazzer's SSRF detector reports every connection; these go to our own mock server. Set on
        // every input and left on: the agent exists only once a fuzz test runs, Jazzer resets the
        // policy when fuzzing starts, and RestSource fetches on pool threads that may outlive a read.
        BugDetectors.allowNetworkConnections((host, port) -> port == server.getPort());
        fuzzed = data.consumeInt(0, ENDPOINTS.size() - 1);
        byte[] bytes = data.consumeRemainingAsBytes();
        if (bytes.length > FuzzFiles.MAX_BYTES) {
            return;
        }
        body = bytes;
        HttpOptions http = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(5));
        Target target = new Target.Http(URI.create(server.url("/").toString()));
        try (SnapshotSource source = Sources.open(target, AppSelector.ANY, http)) {
            source.read();
        } catch (SourceException expected) {
            // the one failure a broken answer may cause
        }
    }
}
