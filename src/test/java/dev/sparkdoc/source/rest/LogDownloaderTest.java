package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The History Server's log downloads: bounded, polite on busy answers, one line when they fail. */
class LogDownloaderTest {

    @RegisterExtension
    final FakeSpark shs = new FakeSpark();

    private final List<Duration> pauses = Collections.synchronizedList(new ArrayList<>());

    private LogDownloader downloader() {
        return new LogDownloader(shs.target(), HttpOptions.DEFAULT, pauses::add);
    }

    @Test
    void busyAnswersAreWaitedOutAsTheServerAsksThenDoubling() throws IOException {
        AtomicInteger asked = new AtomicInteger();
        shs.routes().route("/api/v1/applications/app-1/2/logs", () -> switch (asked.getAndIncrement()) {
            case 0 -> new MockResponse.Builder().code(429).setHeader("Retry-After", "7").build();
            case 1 -> new MockResponse.Builder().code(503).build();
            case 2 -> new MockResponse.Builder().code(503).setHeader("Retry-After", "3600").build();
            default -> new MockResponse.Builder().code(200).body("PK-zip").build();
        });
        Path file = Files.createTempDirectory("download").resolve("a.zip");

        long bytes;
        try (LogDownloader d = downloader()) {
            bytes = d.fetch("app-1", Optional.of("2"), file);
        }

        assertThat(bytes).isEqualTo(6);
        assertThat(Files.readString(file)).isEqualTo("PK-zip");
        // Retry-After as asked, none given: the doubling pause, more than the longest honoured: that longest
        assertThat(pauses).containsExactly(Duration.ofSeconds(7), Duration.ofSeconds(2), LogDownloader.LONGEST_PAUSE);
    }

    @Test
    void aServerBusyEveryTimeIsOneLineAfterTheLastTry() throws IOException {
        shs.routes().route("/api/v1/applications/app-1/logs", () -> RoutingDispatcher.text(503, "busy"));
        Path file = Files.createTempDirectory("download").resolve("a.zip");

        try (LogDownloader d = downloader()) {
            assertThatThrownBy(() -> d.fetch("app-1", Optional.empty(), file))
                    .isInstanceOf(SourceException.class)
                    .hasMessage("cannot download " + shs.origin() + "/api/v1/applications/app-1/logs: HTTP 503 "
                            + LogDownloader.TRIES + " times; run again later (the attempt is asked for again)");
        }
        assertThat(shs.routes().count(r -> true)).isEqualTo(LogDownloader.TRIES);
        assertThat(pauses).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    }

    @Test
    void aGoneLogIsAskedForOnce() throws IOException {
        Path file = Files.createTempDirectory("download").resolve("a.zip");

        try (LogDownloader d = downloader()) {
            assertThatThrownBy(() -> d.fetch("app-9", Optional.empty(), file))
                    .hasMessageContaining("HTTP 404, the History Server has no event log for this attempt");
        }
        assertThat(shs.routes().count(r -> true)).isEqualTo(1);
        assertThat(pauses).isEmpty();
    }

    @Test
    void neverMoreThanTwoDownloadsAtOnceWhateverTheThreads() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch two = new CountDownLatch(LogDownloader.IN_FLIGHT);
        shs.routes().otherwise(request -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            two.countDown();
            try {
                // the first two wait for each other: a third, were it let through, would arrive meanwhile
                two.await(10, TimeUnit.SECONDS);
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inFlight.decrementAndGet();
            return new MockResponse.Builder().code(200).body("PK").build();
        });
        Path dir = Files.createTempDirectory("download");
        ExecutorService threads = Executors.newFixedThreadPool(6);
        try (LogDownloader d = downloader()) {
            List<Future<Long>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                String app = "app-" + i;
                all.add(threads.submit(() -> d.fetch(app, Optional.empty(), dir.resolve(app + ".zip"))));
            }
            for (Future<Long> f : all) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(2);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(most.get()).isEqualTo(LogDownloader.IN_FLIGHT);
    }

    @Test
    void theAddressNamesNoCredentials() {
        LogDownloader d = new LogDownloader(new dev.sparkdoc.targets.Target.Http(java.net.URI.create("https://ops:s3cret@shs:18080/history/")),
                HttpOptions.DEFAULT, pauses::add);

        assertThat(d.address("application_1_2", Optional.of("1")))
                .isEqualTo("https://shs:18080/history/api/v1/applications/application_1_2/1/logs");
        d.close();
    }
}
