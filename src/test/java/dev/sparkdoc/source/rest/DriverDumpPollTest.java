package dev.sparkdoc.source.rest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A whole live poll of the Spark 4.0.1 driver (src/test/resources/spark-4.0.1-live) a minute after
 * its last stage ended: the poll asks for the driver's dump once, and a dump that is missing,
 * fails or does not answer in time costs a note, never the snapshot.
 */
class DriverDumpPollTest {

    private static final String APP = "applications/local-1795966616509/";
    /** The fixture's last stage ended at 15:37:09. */
    private static final Instant A_MINUTE_LATER = Instant.parse("2026-11-29T15:38:10Z");

    @RegisterExtension
    final FakeSpark mock = new FakeSpark();
    private final AtomicReference<Supplier<MockResponse>> dump = new AtomicReference<>();
    private final AtomicInteger dumps = new AtomicInteger();
    private RestSource source;

    @BeforeEach
    void start() {
        Fixtures.live401(mock.routes())
                .route("/api/v1/" + APP + "executors/driver/threads", () -> {
                    dumps.incrementAndGet();
                    return dump.get().get();
                });
        source = new RestSource(new Target.Http(mock.server().url("/").uri()), AppSelector.ANY, HttpOptions.DEFAULT,
                Clock.fixed(A_MINUTE_LATER, ZoneOffset.UTC));
    }

    @AfterEach
    void stop() {
        source.close();
    }

    @Test
    void aQuietDriverIsDumpedOnceAndTheDumpKeptWhileTheSameQuietGoesOn() {
        dump.set(() -> RoutingDispatcher.json(DriverThreadsTest.DUMP));

        AppSnapshot s = source.read();
        assertThat(s.driverDump()).isPresent();
        assertThat(s.driverDump().get().reason()).startsWith("no task has run for 6");
        assertThat(source.read().driverDump()).isEqualTo(s.driverDump()); // the same instant: no new request
        assertThat(dumps).hasValue(1);
    }

    @Test
    void aDumpThatIsMissingFailsOrIsSlowIsANoteAndTheSnapshotStillComes() {
        dump.set(() -> RoutingDispatcher.text(404, "No thread dump is available."));
        AppSnapshot missing = source.read();
        assertThat(missing.driverDump()).isEmpty();
        assertThat(missing.stages()).isNotEmpty();
        assertThat(missing.source().notes()).noneSatisfy(n -> assertThat(n).contains("thread dump"));

        dump.set(() -> RoutingDispatcher.text(500, "boom"));
        AppSnapshot failed = source.read();
        assertThat(failed.driverDump()).isEmpty();
        assertThat(failed.source().notes()).anySatisfy(n -> assertThat(n).startsWith("the driver's thread dump could not be read:"));

        dump.set(() -> new MockResponse.Builder().headersDelay(TaskThreads.WAIT_MS + 5_000, TimeUnit.MILLISECONDS).body("[]").build());
        AppSnapshot slow = source.read();
        assertThat(slow.driverDump()).isEmpty();
        assertThat(slow.stages()).isNotEmpty();
        assertThat(slow.source().notes()).contains("the driver's thread dump took over 3 s: left out of this poll");
        assertThat(dumps).hasValue(3); // one request a poll, never more
    }
}
