package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import java.time.Duration;

/** What a key or an event asks of the world outside the state: the UI loop carries these out. */
public sealed interface Effect {

    record RefreshNow() implements Effect {
    }

    record SetInterval(Duration interval) implements Effect {
    }

    record SetPaused(boolean paused) implements Effect {
    }

    /** Put text on the clipboard (OSC 52). */
    record Copy(String text) implements Effect {
    }

    /** Read the local processes of the application in {@code snapshot} again, without a new snapshot. */
    record SampleProcesses(AppSnapshot snapshot) implements Effect {
    }

    /** Look whether the event log of the application in {@code snapshot} says it ended ({@link dev.sparkdoc.source.EndedLog}). */
    record LookForEndedLog(AppSnapshot snapshot) implements Effect {
    }

    /** Read the driver JVM's heap histogram, off the UI thread; the user confirmed that it pauses the JVM. */
    record ReadHeap(long pid) implements Effect {
    }

    /** Read the tails of one executor's logs ({@code links}: kind to URL) off the UI thread ({@link LogsFeed}). */
    record ReadLogs(String executorId, java.util.Map<String, String> links) implements Effect {
    }

    record Quit() implements Effect {
    }
}
