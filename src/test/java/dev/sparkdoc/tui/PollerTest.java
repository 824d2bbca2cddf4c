package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.spark.Await;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.Slow;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import mockwebserver3.MockResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The poller against a driver (FakeSpark) that answers slowly, then fails, then recovers:
 * the interval backs off and comes back, the header says unreachable while keeping the last
 * picture, and no endpoint ever has two requests in flight.
 */
@Slow
class PollerTest {

    enum Mode { FAST, SLOW, DOWN }

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();
    private final AtomicReference<Mode> mode = new AtomicReference<>(Mode.SLOW);
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final List<UiEvent> events = new CopyOnWriteArrayList<>();

    @TempDir
    Path home;

    @BeforeEach
    void start() {
        driver.routes().otherwise(request -> answer(request.getUrl().encodedPath()));
    }

    @Test
    void backsOffWhenSlowOrDownAndRecovers() {
        String target = driver.url("/").toString();
        PollSchedule schedule = new PollSchedule(Duration.ofMillis(100), Duration.ofMillis(3000));
        try (SnapshotSource source = Sources.open(TargetParser.parse(target), AppSelector.ANY,
                new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(5)));
             Poller poller = new Poller(source, TuiFixtures::diagnose, ProcessFeed.NONE, events::add, schedule,
                     Clock.fixed(Instant.parse("2026-11-29T13:40:00Z"), ZoneOffset.UTC), new AttachLog(home.resolve("attach.log")))) {
            poller.start();

            var slow = (UiEvent.SnapshotArrived) Await.value("a slow read", Duration.ofSeconds(20), () -> last(), e -> e instanceof UiEvent.SnapshotArrived);
            assertThat(slow.fetchMs()).isGreaterThanOrEqualTo(60);
            assertThat(slow.next()).isEqualTo(Duration.ofMillis(Math.min(3000, slow.fetchMs() * 5)));

            mode.set(Mode.DOWN);
            Await.until("two failed reads", Duration.ofSeconds(20), () -> failures().size() >= 2);
            List<UiEvent.FetchFailed> failed = failures();
            assertThat(failed.get(0).next()).isEqualTo(min(slow.next().multipliedBy(2), Duration.ofMillis(3000)));
            assertThat(failed.get(1).next()).isEqualTo(min(failed.get(0).next().multipliedBy(2), Duration.ofMillis(3000)));
            assertThat(failed.get(0).message()).isNotBlank();

            UiState picture = fold(TuiFixtures.keys(
                    UiState.initial(PollStatus.live(target, Duration.ofMillis(100)), 80, 24, slow.at()), ""));
            String screen = TextBackend.text(Views.render(picture));
            assertThat(screen).contains("driver answers HTTP 503 since", "last picture from", "nightly-etl",
                    "q quit  ? help │ … failed with HTTP 503: driver is gone;");
            assertThat(picture.poll().effective()).isGreaterThan(Duration.ofMillis(100));

            mode.set(Mode.FAST);
            int before = events.size();
            var recovered = (UiEvent.SnapshotArrived) Await.value("a read after recovery", Duration.ofSeconds(20),
                    () -> events.size() > before ? last() : null, e -> e instanceof UiEvent.SnapshotArrived);
            assertThat(recovered.next()).isEqualTo(Duration.ofMillis(Math.max(100, Math.min(3000, recovered.fetchMs() * 5))));
            UiState after = fold(picture);
            assertThat(after.poll().failing()).isFalse();
            assertThat(TextBackend.text(Views.render(after))).doesNotContain("unreachable");
        }
        assertThat(mostInFlight.get()).as("requests in flight on one endpoint").isEqualTo(1);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) < 0 ? a : b;
    }

    private UiState fold(UiState s) {
        for (UiEvent e : events) {
            s = Update.apply(s, e).state();
        }
        return s;
    }

    private UiEvent last() {
        return events.isEmpty() ? null : events.get(events.size() - 1);
    }

    private List<UiEvent.FetchFailed> failures() {
        return events.stream().filter(e -> e instanceof UiEvent.FetchFailed).map(e -> (UiEvent.FetchFailed) e).toList();
    }

    private MockResponse answer(String path) {
        AtomicInteger n = inFlight.computeIfAbsent(path, p -> new AtomicInteger());
        mostInFlight.accumulateAndGet(n.incrementAndGet(), Math::max);
        try {
            Mode m = mode.get();
            if (m == Mode.DOWN) {
                return new MockResponse.Builder().code(503).body("driver is gone").build();
            }
            if (m == Mode.SLOW) {
                sleep(60);   // the dispatcher thread is the slow driver
            }
            return IdleDriver.answer(path);
        } finally {
            n.decrementAndGet();
        }
    }

    private static void sleep(long ms) {
        try {
            TimeUnit.MILLISECONDS.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
