package dev.sparkdoc.cli;

import dev.sparkdoc.testing.HostileLogs;
import java.nio.file.Path;

/** The unchanged log the hostile and secret logs were made from: a baseline for diff. */
final class HostileBaseline {

    private HostileBaseline() {
    }

    static Path plain() {
        return HostileLogs.SOURCE;
    }
}
