package dev.sparkdoc.source;

import dev.sparkdoc.model.AppSnapshot;

/** Reads one application into the snapshot model. A live source may be read again and again. */
public interface SnapshotSource extends AutoCloseable {

    /** @throws SourceException when the target cannot be read; the message says what to do */
    AppSnapshot read();

    @Override
    default void close() {
    }
}
