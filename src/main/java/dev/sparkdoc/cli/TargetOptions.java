package dev.sparkdoc.cli;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The target, which application of it, and how to reach it: shared by every command that reads one. */
final class TargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", defaultValue = "localhost:4040",
            description = "host:port, host, http(s) URL, event-log path or snapshot file (default: ${DEFAULT-VALUE})")
    String target;

    @Option(names = "--app", paramLabel = "ID", description = "application id where the target has several")
    String appId;

    @Option(names = "--attempt", paramLabel = "ID", description = "application attempt id")
    String attemptId;

    @Mixin
    ConnectionOptions connection;

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
