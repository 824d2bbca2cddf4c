package dev.sparkdoc.cli;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The target and how to reach it: shared by every command that reads an application. */
final class TargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", defaultValue = "localhost:4040",
            description = "host:port, host, http(s) URL, event-log path or snapshot file (default: ${DEFAULT-VALUE})")
    String target;

    @Option(names = "--app", paramLabel = "ID", description = "application id where the target has several")
    String appId;

    @Option(names = "--attempt", paramLabel = "ID", description = "application attempt id")
    String attemptId;

    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'",
            description = "extra HTTP header, e.g. 'Authorization: Bearer …' (repeatable)")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-u", "--user"}, paramLabel = "USER:PASSWORD", description = "HTTP basic authentication")
    String basicAuth;

    @Option(names = {"-k", "--insecure"}, description = "accept any TLS certificate")
    boolean insecure;

    @Option(names = "--cacert", paramLabel = "FILE", description = "PEM file of CA certificates to trust")
    Path caCert;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "per-request HTTP timeout in seconds (default: ${DEFAULT-VALUE})")
    int timeoutSeconds;

    @Option(names = {"-v", "--verbose"}, description = "print stack traces of errors")
    boolean verbose;

    Target parsedTarget() {
        return TargetParser.parse(target);
    }

    AppSelector selector() {
        return new AppSelector(Optional.ofNullable(appId), Optional.ofNullable(attemptId));
    }

    HttpOptions httpOptions() {
        return new HttpOptions(headers, Optional.ofNullable(basicAuth), insecure, Optional.ofNullable(caCert),
                Duration.ofSeconds(Math.max(1, timeoutSeconds)));
    }
}
