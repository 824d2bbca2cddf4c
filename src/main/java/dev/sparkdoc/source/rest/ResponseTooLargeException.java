package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;
import java.util.Locale;
import okhttp3.HttpUrl;

/**
 * An answer over {@link RestClient}'s size bound, abandoned before it was loaded whole (a
 * 200 MB {@code /environment} or {@code /sql} answer would otherwise sit in the heap twice,
 * as bytes and as text). A subclass, so a caller can keep the rest of a poll and note the gap.
 */
final class ResponseTooLargeException extends SourceException {

    private final HttpUrl url;

    /** @param declared the Content-Length, or -1 when the answer was cut while streaming */
    ResponseTooLargeException(HttpUrl url, long limitBytes, long declared) {
        super(String.format(Locale.ROOT, "the answer from %s %s the %s limit: %s (run %s to raise it)",
                url.newBuilder().username("").password("").query(null).build(),
                declared >= 0 ? "is " + mb(declared) + ", over" : "passed", mb(limitBytes),
                declared >= 0 ? "not read" : "reading stopped", dev.sparkdoc.source.ReadBounds.raise(RestClient.MAX_BODY_PROPERTY, "<bytes>")));
        this.url = url;
    }

    HttpUrl url() {
        return url;
    }

    static String mb(long bytes) {
        return bytes >= 1 << 20
                ? String.format(Locale.ROOT, "%,d MB", bytes >> 20)
                : String.format(Locale.ROOT, "%,d bytes", bytes);
    }
}
