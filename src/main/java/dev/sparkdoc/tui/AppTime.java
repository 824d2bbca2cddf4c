package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import java.time.Duration;
import java.time.Instant;

/**
 * The application's "now", from which the screen counts the uptime and the running stages' wall
 * times. A picture that is no longer being renewed counts nothing past its last answer: a still
 * picture (an event log, a snapshot file) stops at the log's last event, however long ago it was
 * written, and a driver that stopped answering stops at its last answer (it may have died then).
 */
final class AppTime {

    private AppTime() {
    }

    /** {@link #now(UiState, AppSnapshot)} for the picture on screen; the local now before the first. */
    static Instant now(UiState s) {
        return s.diagnosis().map(d -> now(s, d.snapshot())).orElse(s.now());
    }

    static Instant now(UiState s, AppSnapshot snap) {
        if (frozen(s, snap)) {
            return snap.takenAt();
        }
        return driverNow(s, snap);
    }

    /** True when the times on screen no longer move: a still picture, an ended application, a driver not answering. */
    static boolean frozen(UiState s, AppSnapshot snap) {
        return s.poll().still() || s.poll().failing() || snap.application().completed();
    }

    /**
     * The driver's "now": the snapshot is stamped on the driver's clock (RestSource reads it from
     * the HTTP Date header), so run times add the local time passed since it arrived to that
     * stamp, never local now − a driver timestamp (a skewed driver clock would show negative or
     * inflated run times).
     */
    static Instant driverNow(UiState s, AppSnapshot snap) {
        Duration since = s.poll().lastUpdate().map(t -> Duration.between(t, s.now())).orElse(Duration.ZERO);
        return snap.takenAt().plus(since.isNegative() ? Duration.ZERO : since);
    }
}
