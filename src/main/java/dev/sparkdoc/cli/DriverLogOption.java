package dev.sparkdoc.cli;

import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.source.DriverLogFile;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --driver-log FILE}: the driver's own log beside the event log, for how the driver died. */
final class DriverLogOption {

    @Option(names = "--driver-log", paramLabel = "FILE",
            description = "the driver's log (stdout/stderr or log4j file): JVM deaths without a stack trace"
                    + " (ExitOnOutOfMemoryError, OOMKilled, exit codes) join the findings; only its last 8 MiB are read")
    Path file;

    Optional<DriverLog> read() {
        return Optional.ofNullable(file).map(DriverLogFile::read);
    }
}
