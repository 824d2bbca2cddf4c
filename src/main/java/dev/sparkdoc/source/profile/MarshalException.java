package dev.sparkdoc.source.profile;

/** Bytes that are not the marshal of a pstats dump; the reader names the file around it. */
public final class MarshalException extends RuntimeException {

    public MarshalException(String message) {
        super(message);
    }
}
