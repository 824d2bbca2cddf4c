package dev.sparkdoc.source;

/**
 * The target could not be read. The message is one line a user can act on: what went wrong
 * and what to try. Exit code 3 for every command. The kind and headline are what the attach
 * screen shows while it keeps retrying.
 */
public class SourceException extends RuntimeException {

    private final SourceFault kind;
    private final String headline;

    public SourceException(String message) {
        this(SourceFault.UNREADABLE, message, null);
    }

    public SourceException(String message, Throwable cause) {
        this(SourceFault.UNREADABLE, message, cause);
    }

    public SourceException(SourceFault kind, String message, Throwable cause) {
        this(kind, kind.headline(), message, cause);
    }

    /** @param headline a more telling headline than the kind's, e.g. "driver answers HTTP 503" */
    public SourceException(SourceFault kind, String headline, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.headline = headline;
    }

    public SourceFault kind() {
        return kind;
    }

    /** A few words for the attach header: what is wrong, without the details and the fix. */
    public String headline() {
        return headline;
    }

    /**
     * Worth reading again at once? A driver restarting on its port or a connection cut on the way
     * often answers a moment later, as may a file caught mid-rewrite; a timeout, an HTTP error or a
     * login page will not go away in a moment, and a slow driver must not get twice the load.
     */
    public boolean retryAtOnce() {
        return kind == SourceFault.UNREACHABLE || kind == SourceFault.UNREADABLE;
    }
}
