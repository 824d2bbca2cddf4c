package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Joins a future and rethrows what the task threw, not a CompletionException wrapping it. */
final class Futures {

    private Futures() {
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
