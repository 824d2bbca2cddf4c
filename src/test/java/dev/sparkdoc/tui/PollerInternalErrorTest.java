package dev.sparkdoc.tui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.SnapshotSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read that fails inside sparkdoc (a bug, not the driver) is named as such on the screen, with
 * the details in attach.log: the header never blames a healthy driver for it.
 */
class PollerInternalErrorTest {

    private static final Instant NOW = Instant.parse("2026-11-29T13:40:00Z");

    private final List<UiEvent> events = new CopyOnWriteArrayList<>();

    @TempDir
    Path home;

    @Test
    void anInternalErrorIsNamedAsOursNotAsAnUnreachableDriver() throws Exception {
        AppSnapshot picture = TuiFixtures.liveCluster(NOW);
        boolean[] broken = {false};
        SnapshotSource source = () -> {
            if (broken[0]) {
                throw new NullPointerException("Cannot invoke \"java.lang.Long.longValue()\"");
            }
            return picture;
        };
        Path logFile = home.resolve("attach.log");
        try (Poller poller = new Poller(source, TuiFixtures::diagnose, ProcessFeed.NONE, events::add,
                new PollSchedule(Duration.ofMillis(100), Duration.ofSeconds(1)), Clock.fixed(NOW, ZoneOffset.UTC), new AttachLog(logFile))) {
            poller.pollOnce();
            broken[0] = true;
            poller.pollOnce();
        }

        UiEvent.FetchFailed failed = (UiEvent.FetchFailed) events.get(1);
        assertThat(failed.headline()).isEqualTo("internal error in sparkdoc");
        assertThat(failed.message()).startsWith("internal error: java.lang.NullPointerException").contains(logFile.toString());
        assertThat(Files.readString(logFile)).contains("poll failed with an internal error", "\tat ");
        UiState s = UiState.initial(PollStatus.live("http://driver:4040/", Duration.ofMillis(100)), 80, 24, NOW);
        for (UiEvent e : events) {
            s = Update.apply(s, e).state();
        }
        String screen = TextBackend.text(Views.render(s));
        assertThat(screen).contains("internal error in sparkdoc since").doesNotContain("unreachable");
    }
}
