package dev.sparkdoc.cli;

import dev.sparkdoc.source.HttpOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How to reach a Spark server over HTTP, and how loud errors are: every command that reads one. */
final class ConnectionOptions {

    @Option(names = {"-H", "--header"}, paramLabel = "'NAME: VALUE'",
            description = "extra HTTP header, e.g. 'Authorization: Bearer …' (repeatable)")
    List<String> headers = new ArrayList<>();

    @Option(names = {"-u", "--user"}, paramLabel = "USER:PASSWORD", description = "HTTP basic authentication")
    String basicAuth;

    @Option(names = {"-k", "--insecure"}, description = "accept any TLS certificate")
    boolean insecure;

    @Option(names = "--cacert", paramLabel = "FILE", description = "PEM file of CA certificates to trust")
    Path caCert;

    @Option(names = "--timeout", paramLabel = "SECONDS", converter = NumberOptions.AtLeastOne.class,
            description = "per-request HTTP timeout in seconds (default: 10, or the named target's timeout:)")
    Integer timeoutSeconds;

    // ErrorHandler reads it from the parse result, by name
    @Option(names = {"-v", "--verbose"}, description = "print stack traces of errors")
    boolean verbose;

    HttpOptions httpOptions() {
        return new HttpOptions(headers, Optional.ofNullable(basicAuth), insecure, Optional.ofNullable(caCert),
                timeoutGiven() ? Duration.ofSeconds(timeoutSeconds) : HttpOptions.DEFAULT.timeout());
    }

    /** Whether --timeout was given: it then wins over a named target's own. */
    boolean timeoutGiven() {
        return timeoutSeconds != null;
    }
}
