package dev.sparkdoc.source;

import dev.sparkdoc.model.ListedApplication;
import java.time.Instant;

/**
 * One attempt of an application a History Server lists, with the time its event log last changed:
 * what a fleet into a store downloads, and remembers it by.
 *
 * @param listed      the attempt as the listing names it (its own attempt id, start and end)
 * @param lastUpdated {@code lastUpdated} of {@code ApplicationAttemptInfo}: FsHistoryProvider sets it
 *                    from the log's modification time, so it changes when, and only when, the log does;
 *                    the end time when a server leaves it out
 */
public record ServerAttempt(ListedApplication listed, Instant lastUpdated) {
}
