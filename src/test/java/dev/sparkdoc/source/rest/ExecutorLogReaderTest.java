package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.source.HttpOptions;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Log servers a real worker does not stand for (ExecutorLogsScenarioTest reads a real one): a
 * 2 GB log served by ranges, a server that ignores ranges, a NodeManager page, a link that 404s,
 * and credentials that never travel to another host.
 */
class ExecutorLogReaderTest {

    private static final HttpOptions AUTH = new HttpOptions(List.of("Authorization: Bearer s3cret"), Optional.empty(), false,
            Optional.empty(), Duration.ofSeconds(5));

    private final MockWebServer server = new MockWebServer();

    @BeforeEach
    void start() throws Exception {
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private LogTail tail(URI target, String path) {
        try (ExecutorLogReader reader = new ExecutorLogReader(target, AUTH)) {
            return reader.tail("3", "stderr", server.url(path).toString(), 65_536);
        }
    }

    private URI self() {
        return server.url("/").uri();
    }

    @Test
    void ofATwoGigabyteLogOnlyTheTailIsAskedForAndRead() throws Exception {
        long length = 2L << 30;
        server.enqueue(new MockResponse.Builder().code(206).setHeader("Content-Range", "bytes " + (length - 65_536) + "-" + (length - 1) + "/" + length)
                .body("x".repeat(65_530) + "\nlast\n").build());

        LogTail t = tail(self(), "/logs/stderr");

        RecordedRequest r = server.takeRequest();
        assertThat(r.getHeaders().get("Range")).isEqualTo("bytes=-65536");
        assertThat(t.problem()).isEmpty();
        assertThat(t.from()).hasValue(length - 65_536);
        assertThat(t.length()).hasValue(length);
        assertThat(t.text()).endsWith("\nlast\n").hasSize(65_536);
    }

    @Test
    void aServerThatSendsWholeFilesIsReadNoFurtherThanTheBound() {
        server.enqueue(new MockResponse.Builder().code(200).body("y".repeat((int) ExecutorLogReader.MAX_SCAN_BYTES + 100_000)).build());

        LogTail t = tail(self(), "/logs/stderr");

        assertThat(t.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("the log server sends whole files, not ranges"));
        assertThat(t.text()).isEmpty();

        server.enqueue(new MockResponse.Builder().code(200).body("small\nlog\n").build());
        LogTail small = tail(self(), "/logs/stderr");
        assertThat(small.text()).isEqualTo("small\nlog\n");
        assertThat(small.from()).hasValue(0);
    }

    @Test
    void aNodeManagerPageIsAskedForItsTailAndItsTextTakenOutOfTheHtml() throws Exception {
        server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "text/html")
                .body("<html><body><pre>java.lang.OutOfMemoryError: Java heap space\n\tat a.B.c(B.java:1) &lt;init&gt;</pre></body></html>").build());

        LogTail t = tail(self(), "/node/containerlogs/container_1_0001_01_000002/etl/stderr");

        assertThat(server.takeRequest().getUrl().queryParameter("start")).isEqualTo("-65536");
        assertThat(t.text()).isEqualTo("java.lang.OutOfMemoryError: Java heap space\n\tat a.B.c(B.java:1) <init>");
    }

    @Test
    void aLinkThatIsGoneSaysWhyInOneLine() {
        server.enqueue(new MockResponse.Builder().code(404).body("no such file").build());

        LogTail t = tail(self(), "/logPage/?appId=app-1&executorId=3&logType=stderr");

        assertThat(t.problem()).contains("the log link answered HTTP 404: the worker no longer has it (its work folder was cleaned,"
                + " or the executor ran elsewhere)");
    }

    @Test
    void credentialsGoToTheTargetsHostOnly() throws Exception {
        server.enqueue(new MockResponse.Builder().code(206).setHeader("Content-Range", "bytes 0-1/2").body("ok").build());
        server.enqueue(new MockResponse.Builder().code(206).setHeader("Content-Range", "bytes 0-1/2").body("ok").build());

        tail(self(), "/logs/stderr");
        tail(URI.create("http://driver.example.com:4040/"), "/logs/stderr");

        assertThat(server.takeRequest().getHeaders().get("Authorization")).isEqualTo("Bearer s3cret");
        assertThat(server.takeRequest().getHeaders().get("Authorization")).isNull();
    }

    @Test
    void followingAsksForWhatCameAfterTheLastLengthAndANodeManagerPageIsNotFollowed() throws Exception {
        server.enqueue(new MockResponse.Builder().code(206).setHeader("Content-Range", "bytes 1000-1009/1010").body("new line\n").build());
        server.enqueue(new MockResponse.Builder().code(416).build());
        try (ExecutorLogReader reader = new ExecutorLogReader(self(), AUTH)) {
            LogTail more = reader.since("3", "stderr", server.url("/logs/stderr").toString(), 1000, 65_536);
            assertThat(server.takeRequest().getHeaders().get("Range")).isEqualTo("bytes=1000-66535");
            assertThat(more.text()).isEqualTo("new line\n");
            assertThat(more.length()).hasValue(1010);

            LogTail none = reader.since("3", "stderr", server.url("/logs/stderr").toString(), 1010, 65_536);
            assertThat(none.text()).isEmpty();
            assertThat(none.length()).hasValue(1010);

            LogTail nm = reader.since("3", "stderr", server.url("/node/containerlogs/c_1/u/stderr").toString(), 0, 100);
            assertThat(nm.problem()).hasValueSatisfying(p -> assertThat(p).startsWith("a YARN NodeManager's log page cannot be followed"));
        }
    }
}
