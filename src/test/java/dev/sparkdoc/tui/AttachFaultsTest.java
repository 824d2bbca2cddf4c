package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.spark.Await;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.FakeSpark;
import dev.sparkdoc.testing.RoutingDispatcher;
import dev.sparkdoc.testing.Slow;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import mockwebserver3.MockResponse;
import mockwebserver3.SocketEffect;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code attach} while the driver misbehaves: the poller keeps its schedule, the screen keeps the
 * last good picture, the header says what is wrong and since when, the footer says the details,
 * and the first good answer clears it all.
 */
@Timeout(120)   // a guard against a hang, not a measurement
class AttachFaultsTest {

    /** The poller's and the view's now: 11 minutes after the idle driver's application started. */
    private static final Instant NOW = Instant.parse("2026-11-29T13:40:00Z");


    /** Each fault, as the driver (or what stands in front of it) produces it, and what the header must say. */
    enum Fault {
        RESET(ok -> ok.newBuilder().onResponseBody(new SocketEffect.CloseSocket()).build(), "driver unreachable since",
                "the connection broke mid-answer"),
        STALL(ok -> ok.newBuilder().onResponseStart(SocketEffect.Stall.INSTANCE).build(), "driver too slow to answer since",
                "did not answer within 2s"),
        BAD_GATEWAY(ok -> text(502, "<html><title>502 Bad Gateway</title></html>"), "driver answers HTTP 502 since",
                "failed with HTTP 502: 502 Bad Gateway"),
        LOGIN(ok -> new MockResponse.Builder().code(200).setHeader("Content-Type", "text/html")
                .body("<html><title>Sign in</title><input type=password></html>").build(), "login page instead of data since",
                "answered with a login page");

        final Function<MockResponse, MockResponse> answer;
        final String header;
        final String footer;

        Fault(Function<MockResponse, MockResponse> answer, String header, String footer) {
            this.answer = answer;
            this.header = header;
            this.footer = footer;
        }
    }

    @RegisterExtension
    final FakeSpark driver = new FakeSpark();
    private final List<UiEvent> events = new CopyOnWriteArrayList<>();

    @TempDir
    Path home;

    @BeforeEach
    void start() {
        driver.routes().otherwise(request -> IdleDriver.answer(request.getUrl().encodedPath()));
    }

    @Slow
    @ParameterizedTest
    @EnumSource(Fault.class)
    void theLastPictureStaysTheHeaderSaysWhatIsWrongAndAGoodAnswerClearsIt(Fault kind) {
        PollSchedule schedule = new PollSchedule(Duration.ofMillis(100), Duration.ofMillis(1000));
        // a timeout the stalled answers run into and good ones never do, even on a much slower machine
        HttpOptions options = new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(2));
        try (SnapshotSource source = Sources.open(TargetParser.parse(driver.url("/").toString()), AppSelector.ANY, options);
             Poller poller = new Poller(source, TuiFixtures::diagnose, ProcessFeed.NONE, events::add, schedule,
                     Clock.fixed(NOW, ZoneOffset.UTC), new AttachLog(home.resolve("attach.log")))) {
            poller.start();
            Await.until("a good read", Duration.ofSeconds(20), () -> count(UiEvent.SnapshotArrived.class) >= 1);

            driver.fault(RoutingDispatcher.pathStartingWith("/api/v1/applications/"), kind.answer::apply);
            Await.until("two failed reads", Duration.ofSeconds(30), () -> count(UiEvent.FetchFailed.class) >= 2);
            UiState failing = fold();
            String screen = TextBackend.text(Views.render(failing));

            assertThat(screen.lines().skip(2).findFirst().orElseThrow()).startsWith(kind.header)
                    .contains("; last picture from ");
            assertThat(screen).contains("nightly-etl (app-20261129132900-");
            assertThat(screen.lines().toList().get(23)).startsWith("q quit  ? help │ ");
            assertThat(failing.poll().error().orElseThrow()).contains(kind.footer);
            assertThat(failing.poll().effective()).as("backed off").isGreaterThan(Duration.ofMillis(100));

            driver.clearFaults();
            int before = events.size();
            Await.until("a read after recovery", Duration.ofSeconds(30),
                    () -> events.stream().skip(before).anyMatch(e -> e instanceof UiEvent.SnapshotArrived));
            String recovered = TextBackend.text(Views.render(fold()));
            assertThat(recovered).doesNotContain("last picture from", "q quit  ? help │").contains("nightly-etl");
        }
    }

    @Test
    void theRunningTimeInTheHeaderCountsOnTheDriversClock() {
        // the driver's clock is 10 minutes behind this host: its snapshot is stamped 13:30:00 driver time
        Instant driverStamp = Instant.parse("2026-11-29T13:30:00Z");
        AppSnapshot snap = TuiFixtures.liveCluster(driverStamp);
        Instant local = driverStamp.plus(Duration.ofMinutes(10));
        UiState s = Update.apply(UiState.initial(PollStatus.live("http://driver:4040", Duration.ofSeconds(2)), 80, 24, local),
                new UiEvent.SnapshotArrived(TuiFixtures.diagnose(snap), ProcessPaneRows.NOT_YET, local, 50, Duration.ofSeconds(2)))
                .state().withNow(local.plusSeconds(5));

        assertThat(AppTime.driverNow(s, snap)).isEqualTo(driverStamp.plusSeconds(5));
        long upMs = snap.application().durationMs(driverStamp.plusSeconds(5));
        assertThat(TextBackend.text(Views.render(s)).lines().findFirst().orElseThrow()).contains("│ up " + DurationFormat.compact(upMs) + " │");
    }

    private long count(Class<? extends UiEvent> type) {
        return events.stream().filter(type::isInstance).count();
    }

    private UiState fold() {
        UiState s = UiState.initial(PollStatus.live(driver.url("/").toString(), Duration.ofMillis(100)), 80, 24, NOW);
        for (UiEvent e : events) {
            s = Update.apply(s, e).state();
        }
        return s.withNow(NOW);
    }

    private static MockResponse text(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "text/html").body(body).build();
    }
}
