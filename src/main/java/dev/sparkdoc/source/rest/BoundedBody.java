package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import okio.Buffer;
import okio.ForwardingSource;
import okio.Source;

/**
 * An answer's body as it is read, counted for {@link PollStats} and stopped as soon as it passes
 * the bound: at most the bound plus one read is ever taken from the server.
 */
final class BoundedBody extends ForwardingSource {

    /** An IOException, so Jackson passes it on unwrapped when it stops a parse. */
    static final class Passed extends IOException {
    }

    private final long maxBytes;
    private final AtomicLong counted;
    private long read;

    BoundedBody(Source body, long maxBytes, AtomicLong counted) {
        super(body);
        this.maxBytes = maxBytes;
        this.counted = counted;
    }

    @Override
    public long read(Buffer sink, long byteCount) throws IOException {
        long n = super.read(sink, byteCount);
        if (n > 0) {
            read += n;
            counted.addAndGet(n);
            if (read > maxBytes) {
                throw new Passed();
            }
        }
        return n;
    }
}
