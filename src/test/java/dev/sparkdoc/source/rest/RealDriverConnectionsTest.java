package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Connections to a real Spark 4 driver UI, whose Jetty closes a connection idle for 8 s
 * ({@code JettyUtils.startJettyServer}, SPARK-45248): polls after longer gaps, and polls through a
 * proxy that closes every connection after one answer, never fail and never waste a request on a
 * connection the server already closed.
 */
@RealSpark
@Timeout(120)   // a guard against a hang, not a measurement
class RealDriverConnectionsTest {

    /** Longer than Jetty's idle timeout (8 s), as {@code attach --interval 10} or a back-off waits. */
    private static final Duration GAP = Duration.ofSeconds(9);
    private static final int POLLS_AFTER_GAPS = 3;

    private static LocalSpark spark;

    @BeforeAll
    static void startSpark() {
        spark = LocalSpark.builder().appName("sparkdoc idle connections").start();
        spark.session().range(0, 10_000).selectExpr("id % 10 as k").groupBy("k").count().collect();
        spark.awaitListenersIdle();
    }

    @AfterAll
    static void stopSpark() {
        spark.close();
    }

    @Test
    void pollsAfterGapsLongerThanJettysIdleTimeoutNeitherFailNorRetry() throws InterruptedException {
        try (RestSource source = source(URI.create(spark.uiUrl() + "/"))) {
            source.read();
            long requestsOfAQuietPoll = requestsButTheDriversDump(source, source.read());
            List<Long> requests = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < POLLS_AFTER_GAPS; i++) {
                // the gap itself is what is tested: nothing to wait on but the clock
                Thread.sleep(GAP.toMillis());
                AppSnapshot snapshot = source.read();
                assertThat(snapshot.jobs()).isNotEmpty();
                requests.add(requestsButTheDriversDump(source, snapshot));
            }
            System.err.printf("RealDriverConnectionsTest: %d polls after %d s gaps, 0 failed, requests per poll %s "
                    + "(a quiet poll: %d); %d ms%n", POLLS_AFTER_GAPS, GAP.toSeconds(), requests, requestsOfAQuietPoll,
                    (System.nanoTime() - t0) / 1_000_000);
            // a retry would show as one request more than a poll right after another
            assertThat(requests).containsOnly(requestsOfAQuietPoll);
        }
    }

    @Test
    void triageReadsThroughAProxyThatClosesEveryConnectionAfterOneAnswer() throws Exception {
        try (Http10Proxy proxy = new Http10Proxy(URI.create(spark.uiUrl().toString()));
             RestSource source = source(proxy.uri())) {
            for (int poll = 1; poll <= 3; poll++) {
                long before = proxy.forwarded();
                AppSnapshot snapshot = source.read();

                assertThat(snapshot.application().id()).isEqualTo(spark.appId());
                assertThat(snapshot.jobs()).isNotEmpty();
                if (poll > 1) {
                    // once the first HTTP/1.0 answer is seen, no request goes to a connection the proxy closed
                    assertThat(source.lastPoll().requests()).as("requests of poll %d", poll)
                            .isEqualTo(proxy.forwarded() - before);
                }
            }
        }
    }

    /**
     * A poll's requests but the driver's own thread dump, which a poll asks for once no task has
     * run for 15 s (at most every 10 s, DriverThreads): a fresh dump, or the note of one that failed.
     */
    private static long requestsButTheDriversDump(RestSource source, AppSnapshot s) {
        boolean asked = s.driverDump().map(d -> d.takenAt().equals(s.takenAt())).orElse(false)
                || s.source().notes().stream().anyMatch(n -> n.startsWith("the driver's thread dump"));
        return source.lastPoll().requests() - (asked ? 1 : 0);
    }

    private static RestSource source(URI uri) {
        // a stale pooled connection fails at once, never by a timeout: a long one only keeps a real
        // driver on a loaded single core from being called slow
        return new RestSource(new Target.Http(uri), AppSelector.ANY,
                new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(60)));
    }
}
