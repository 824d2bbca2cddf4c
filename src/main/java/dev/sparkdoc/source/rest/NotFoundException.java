package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.SourceException;

/** HTTP 404; callers that know what was missing (an app, a stage summary) say so themselves. */
final class NotFoundException extends SourceException {

    private final transient HttpResult result;

    NotFoundException(HttpResult result) {
        super(result.requested() + " was not found (HTTP 404)" + HttpFailures.bodyNote(result));
        this.result = result;
    }

    HttpResult result() {
        return result;
    }
}
