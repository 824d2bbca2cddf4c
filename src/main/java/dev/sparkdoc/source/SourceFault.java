package dev.sparkdoc.source;

/**
 * What kind of fault a failed read was, in words for the attach header while it keeps retrying.
 * Source-neutral, so the screen can name a fault without knowing whether REST or a file failed.
 */
public enum SourceFault {
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
    BAD_ANSWER("unexpected answer"),
    /** Anything else: an event log or snapshot that cannot be read, an answer that cannot be mapped. */
    UNREADABLE("cannot read the target");

    private final String headline;

    SourceFault(String headline) {
        this.headline = headline;
    }

    public String headline() {
        return headline;
    }
}
