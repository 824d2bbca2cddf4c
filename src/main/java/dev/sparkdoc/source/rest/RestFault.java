package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;

/**
 * A read of a Spark REST API that failed in a way worth naming on the attach screen: the kind
 * gives a short headline ("driver unreachable", "History Server still loading the app"), the
 * message stays the one line with the fix that {@code triage} prints.
 */
public final class RestFault extends SourceException {

    /** What went wrong, as the header of {@code attach} names it while it keeps retrying. */
    public enum Kind {
        /** No HTTP answer: refused, reset, unknown host, network. */
        UNREACHABLE("driver unreachable"),
        /** An answer that did not come (or finish) within the timeout. */
        TIMEOUT("driver too slow to answer"),
        /** HTTP 5xx. */
        SERVER_ERROR("driver answers with errors"),
        /** A History Server that has not listed or replayed the application yet. */
        LOADING("History Server loading the app"),
        /** A login page or an authentication challenge instead of Spark's JSON. */
        LOGIN("authentication needed"),
        /** An answer that is not Spark's JSON (another 4xx, HTML, broken JSON). */
        BAD_ANSWER("unexpected answer");

        private final String headline;

        Kind(String headline) {
            this.headline = headline;
        }

        public String headline() {
            return headline;
        }
    }

    private final Kind kind;
    private final String headline;

    RestFault(Kind kind, String message) {
        this(kind, kind.headline(), message, null);
    }

    RestFault(Kind kind, String message, Throwable cause) {
        this(kind, kind.headline(), message, cause);
    }

    /** @param headline a more telling headline than the kind's, e.g. "driver answers HTTP 503" */
    RestFault(Kind kind, String headline, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.headline = headline;
    }

    public Kind kind() {
        return kind;
    }

    /** A few words for the attach header: what is wrong, without the details and the fix. */
    public String headline() {
        return headline;
    }

    /** Worth asking the same server again at once? Never after a timeout: a slow driver must not get twice the load. */
    public boolean retryAtOnce() {
        return kind == Kind.UNREACHABLE;
    }
}
