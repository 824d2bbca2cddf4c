package dev.sparkdoc.source;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The event logs a History Server serves as zips ({@code /api/v1/applications/ID[/ATTEMPT]/logs}),
 * downloaded a few at a time whatever the number of threads asking (see {@link Sources#logDownloads}).
 */
public interface LogDownloads extends AutoCloseable {

    /** Where the attempt's log is served, without credentials: the name a fleet store keeps it under. */
    String address(String appId, Optional<String> attemptId);

    /**
     * Downloads the attempt's log into {@code file} (replaced), waiting for a free slot first.
     *
     * @return the bytes written
     * @throws SourceException one line: the HTTP status or the fault, after the retries it allows
     */
    long fetch(String appId, Optional<String> attemptId, Path file);

    @Override
    void close();
}
