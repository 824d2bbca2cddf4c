package dev.sparkdoc.source.rest;

/**
 * What one {@link RestSource#read()} cost the server: HTTP requests made (retries included),
 * response bytes received (after gzip decoding) and wall time.
 */
public record PollStats(long requests, long bytes, long millis) {

    public static final PollStats NONE = new PollStats(0, 0, 0);
}
