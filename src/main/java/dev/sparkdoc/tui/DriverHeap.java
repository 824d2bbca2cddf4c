package dev.sparkdoc.tui;

import dev.sparkdoc.model.HeapHistogram;
import java.time.Instant;

/**
 * Where the driver heap histogram of the live view stands: shown beside every driver-memory
 * finding until the user asks again ({@link DriverHeapKeys}, {@link DriverHeapSection}).
 */
public sealed interface DriverHeap {

    DriverHeap NONE = new None();

    /** Nothing asked yet. */
    record None() implements DriverHeap {
    }

    /** The confirmation is on screen; {@code before} comes back when the user says no. */
    record Asking(long pid, DriverHeap before) implements DriverHeap {
    }

    /** The user said no: nothing was sent to the JVM. */
    record Declined(long pid) implements DriverHeap {
    }

    /** The key was pressed where it cannot act: why, in one line. */
    record Refused(String why) implements DriverHeap {
    }

    /** jcmd runs (off the UI thread). */
    record Reading(long pid, Instant since) implements DriverHeap {
    }

    record Read(HeapHistogram histogram, Instant at) implements DriverHeap {
    }

    record Failed(long pid, String why, Instant at) implements DriverHeap {
    }
}
