package dev.sparkdoc.cli;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import java.time.Clock;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The target, which application of it, and how to reach it: shared by every command that reads one. */
final class TargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", defaultValue = "localhost:4040",
            completionCandidates = CompletionScript.TargetExamples.class,
            description = "host:port, host, http(s) URL, event-log path or snapshot file (default: ${DEFAULT-VALUE})")
    String target;

    @Option(names = "--app", paramLabel = "ID", description = "application id where the target has several")
    String appId;

    @Option(names = "--attempt", paramLabel = "ID", description = "application attempt id")
    String attemptId;

    @Mixin
    ConnectionOptions connection;

    /** "Now" for the reader (how long an event log has been quiet): the system's, or a test's fixed one (Main's factory). */
    private final Clock clock;

    TargetOptions() {
        this(Clock.systemUTC());
    }

    TargetOptions(Clock clock) {
        this.clock = clock;
    }

    /** The reader for the target and application these options name. */
    SnapshotSource open() {
        return Sources.open(parsedTarget(), selector(), httpOptions(), clock);
    }

    Target parsedTarget() {
        return TargetParser.parse(target);
    }

    AppSelector selector() {
        return new AppSelector(Optional.ofNullable(appId), Optional.ofNullable(attemptId));
    }

    HttpOptions httpOptions() {
        return connection.httpOptions();
    }
}
