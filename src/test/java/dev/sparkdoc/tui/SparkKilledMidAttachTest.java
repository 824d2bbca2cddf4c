package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.spark.Await;
import dev.sparkdoc.spark.LocalSpark;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.testing.FreePort;
import dev.sparkdoc.testing.RealSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real local Spark stopped while attached, then a new application started on the same UI
 * port: the attach loop says the driver is unreachable and keeps the last picture, then shows
 * the new application as a new application. (Quitting and the terminal's state afterwards are
 * checked in a real terminal by {@link TmuxAttachTest}.)
 */
@RealSpark
class SparkKilledMidAttachTest {

    private Instant now;

    private final List<UiEvent> events = new CopyOnWriteArrayList<>();

    @TempDir
    Path home;

    @Test
    void showsUnreachableKeepsThePictureAndFollowsTheNextAppOnThePort() throws IOException {
        int port = FreePort.onLoopback();
        LocalSpark first = LocalSpark.builder().appName("first-run").conf("spark.ui.port", Integer.toString(port)).start();
        LocalSpark second = null;
        PollSchedule schedule = new PollSchedule(Duration.ofMillis(200), Duration.ofSeconds(1));
        // the screen's "now": an hour after the first app started, whatever the day (the apps' own times are real)
        Clock clock = Clock.fixed(Instant.ofEpochMilli(first.session().sparkContext().startTime()).plusSeconds(3600), ZoneOffset.UTC);
        now = clock.instant();
        try (SnapshotSource source = Sources.open(TargetParser.parse("http://127.0.0.1:" + port + "/"), AppSelector.ANY,
                new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(5)));
             Poller poller = new Poller(source, TuiFixtures::diagnose, ProcessFeed.NONE, events::add, schedule,
                     clock, new AttachLog(home.resolve("attach.log")))) {
            first.session().range(0, 1000).count();
            poller.start();
            Await.until("a picture of the first app", Duration.ofSeconds(60), () -> showsApp(first.appId()));

            first.close();
            Await.until("two failed reads", Duration.ofSeconds(60), () -> failuresSinceLastPicture() >= 2);
            String down = screen();
            assertThat(down).contains("driver unreachable since", "last picture from", "first-run");
            assertThat(down.lines().toList().get(23)).contains("connection refused");
            // not RUNNING any more: the state, the uptime and the counts are the last answer's
            assertThat(down.lines().findFirst().orElseThrow()).contains(" │ Spark ").doesNotContain("RUNNING")
                    .containsAnyOf("UNREACHABLE │", "ENDED │");
            assertThat(down.lines().toList().get(1)).startsWith("last known: executors");

            second = LocalSpark.builder().appName("second-run").conf("spark.ui.port", Integer.toString(port)).start();
            String secondId = second.appId();
            Await.until("a picture of the second app", Duration.ofSeconds(60), () -> showsApp(secondId));
            String back = screen();
            assertThat(back).contains("second-run").doesNotContain("first-run", "unreachable", "last picture from");
        } finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }

    private boolean showsApp(String appId) {
        return !events.isEmpty() && events.get(events.size() - 1) instanceof UiEvent.SnapshotArrived a
                && a.diagnosis().snapshot().application().id().equals(appId);
    }

    private long failuresSinceLastPicture() {
        long n = 0;
        for (int i = events.size() - 1; i >= 0 && events.get(i) instanceof UiEvent.FetchFailed; i--) {
            n++;
        }
        return n;
    }

    private String screen() {
        UiState s = UiState.initial(PollStatus.live("http://127.0.0.1/", Duration.ofMillis(200)), 80, 24, now);
        for (UiEvent e : events) {
            s = Update.apply(s, e).state();
        }
        return TextBackend.text(Views.render(s.withNow(now)));
    }
}
