package dev.sparkdoc.tui;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How fresh the picture is.
 *
 * @param still        true for event-log and snapshot targets: read once, never polled
 * @param interval     the interval the user asked for
 * @param effective    the interval in force (longer while the driver is slow or failing)
 * @param lastUpdate   when the last snapshot arrived
 * @param failingSince when the reads started failing, empty while they succeed
 * @param headline     the kind of trouble of the last failed read, in a few words
 * @param error        the last failed read's message: what went wrong and the fix
 * @param lastFetchMs  how long the last successful read took
 * @param endedLog     while reads fail: the event log whose name says the application ended
 */
public record PollStatus(String target, boolean still, Duration interval, Duration effective, boolean paused,
                         Optional<Instant> lastUpdate, Optional<Instant> failingSince, Optional<String> headline,
                         Optional<String> error, long lastFetchMs, Optional<String> endedLog) {

    public static PollStatus live(String target, Duration interval) {
        return new PollStatus(target, false, interval, interval, false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), 0, Optional.empty());
    }

    public static PollStatus still(String target) {
        return new PollStatus(target, true, Duration.ZERO, Duration.ZERO, false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), 0, Optional.empty());
    }

    public PollStatus succeeded(Instant at, long fetchMs, Duration next) {
        return new PollStatus(target, still, interval, next, paused, Optional.of(at), Optional.empty(),
                Optional.empty(), Optional.empty(), fetchMs, Optional.empty());
    }

    /** Failing since the first of a run of failures; the headline and message are the latest. */
    public PollStatus failed(Instant at, String headline, String message, Duration next) {
        return new PollStatus(target, still, interval, next, paused, lastUpdate, Optional.of(failingSince.orElse(at)),
                Optional.of(headline), Optional.of(message), lastFetchMs, endedLog);
    }

    public PollStatus withInterval(Duration asked) {
        return new PollStatus(target, still, asked, asked, paused, lastUpdate, failingSince, headline, error, lastFetchMs, endedLog);
    }

    public PollStatus withPaused(boolean p) {
        return new PollStatus(target, still, interval, effective, p, lastUpdate, failingSince, headline, error, lastFetchMs, endedLog);
    }

    /** While reads fail: the application's event log says it ended (it is cleared by the next good read). */
    public PollStatus withEndedLog(String log) {
        return failing() ? new PollStatus(target, still, interval, effective, paused, lastUpdate, failingSince, headline, error,
                lastFetchMs, Optional.of(log)) : this;
    }

    public boolean failing() {
        return failingSince.isPresent();
    }
}
