package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.SourceFault;

/** A read of a Spark REST API that failed in a way {@link HttpFailures} classified. */
public final class RestFault extends SourceException {

    RestFault(SourceFault kind, String message) {
        super(kind, message, null);
    }

    RestFault(SourceFault kind, String message, Throwable cause) {
        super(kind, message, cause);
    }

    RestFault(SourceFault kind, String headline, String message, Throwable cause) {
        super(kind, headline, message, cause);
    }
}
