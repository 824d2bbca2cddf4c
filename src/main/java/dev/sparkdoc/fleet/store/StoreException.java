package dev.sparkdoc.fleet.store;

/** The fleet store cannot be opened, written or queried; the message names the file and the fix. */
public final class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
