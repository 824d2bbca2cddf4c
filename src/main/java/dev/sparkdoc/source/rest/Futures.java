package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Joins a future and rethrows what the task threw, not a CompletionException wrapping it. */
final class Futures {

    private Futures() {
    }

    /**
     * Joins a future for a part of the application that can be left out: an answer over the
     * size bound ({@link ResponseTooLargeException}) becomes {@code fallback} and a note, so one
     * 200 MB {@code /sql} answer does not cost the whole reading.
     */
    static <T> T joinOrNote(CompletableFuture<T> future, T fallback, List<String> notes, String what) {
        try {
            return join(future);
        } catch (ResponseTooLargeException e) {
            notes.add(what + " left out: " + e.getMessage());
            return fallback;
        }
    }

    static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new SourceException(String.valueOf(cause), cause);
        }
    }
}
