package dev.sparkdoc.source.snapshot;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.SnapshotSource;
import java.nio.file.Path;

/** A snapshot file as a target: a still picture, read once. */
public final class SnapshotFileSource implements SnapshotSource {

    private final Path path;

    public SnapshotFileSource(Path path) {
        this.path = path;
    }

    @Override
    public AppSnapshot read() {
        return SnapshotFile.read(path);
    }
}
