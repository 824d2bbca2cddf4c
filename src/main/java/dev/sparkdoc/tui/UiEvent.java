package dev.sparkdoc.tui;

import dev.sparkdoc.rules.Diagnosis;
import java.time.Duration;
import java.time.Instant;

/** Everything that can change what the screen shows; folded into {@link UiState} by {@link Update}. */
public sealed interface UiEvent {

    record Pressed(KeyInput key) implements UiEvent {
    }

    record Resized(int width, int height) implements UiEvent {
    }

    record Tick(Instant now) implements UiEvent {
    }

    /** A read succeeded; {@code next} is the interval until the following one. */
    record SnapshotArrived(Diagnosis diagnosis, ProcessPaneRows processes, Instant at, long fetchMs, Duration next)
            implements UiEvent {
    }

    /** While the driver does not answer: its event log has the name Spark gives it once the application ended. */
    record LogShowsEnded(String log) implements UiEvent {
    }

    /** A copy was carried out ({@link Effect.Copy}): where the text went, for the copy box. */
    record CopyReported(String title, String note) implements UiEvent {
    }

    /** One executor's log tails, read on demand ({@link Effect.ReadLogs}) and made ready to draw; each says its own problem. */
    record LogsRead(String executorId, dev.sparkdoc.report.LogsPage page, Instant at) implements UiEvent {
    }

    /** The local processes read again while the driver does not answer ({@link Effect.SampleProcesses}). */
    record ProcessesSampled(ProcessPaneRows processes) implements UiEvent {
    }

    /** The driver heap histogram the user asked for ({@link Effect.ReadHeap}). */
    record HeapRead(dev.sparkdoc.model.HeapHistogram histogram, Instant at) implements UiEvent {
    }

    /** The heap histogram could not be read: {@code why} in one line. */
    record HeapFailed(long pid, String why, Instant at) implements UiEvent {
    }

    /**
     * A read failed; {@code headline} names the kind of trouble in a few words ("driver
     * unreachable"), {@code message} is the one line with the details and the fix.
     */
    /** A read that failed: the headline says whose fault it is (the driver's, the proxy's, or sparkdoc's own). */
    record FetchFailed(String headline, String message, Instant at, Duration next) implements UiEvent {
    }
}
