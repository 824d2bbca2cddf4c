package dev.sparkdoc.userconfig;

import dev.sparkdoc.source.HttpOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A target the config file names ({@code sparkdoc attach prod-etl}): where it is and how to reach
 * it. The command line's own options add to these (a header) or replace them (user, timeout).
 */
public record NamedTarget(String name, String target, List<HeaderValue> headers, Optional<String> user,
                          Optional<Secret> password, Optional<Boolean> insecure, Optional<Path> caCert,
                          Optional<Duration> timeout) {

    public NamedTarget {
        headers = List.copyOf(headers);
    }

    /**
     * The HTTP options for this target with the command line's on top: its headers after ours (one
     * of the same name replaces ours), its user and password instead of ours, its TLS choices and
     * timeout where given. Secrets are read here, when the target is used.
     */
    public HttpOptions httpOptions(HttpOptions cli, boolean cliTimeoutGiven, Map<String, String> env) {
        List<String> merged = new ArrayList<>();
        for (HeaderValue h : headers) {
            if (cli.headers().stream().noneMatch(line -> headerName(line).equals(h.name().toLowerCase(Locale.ROOT)))) {
                merged.add(h.line(env));
            }
        }
        merged.addAll(cli.headers());
        Optional<String> auth = cli.basicAuth().isPresent() ? cli.basicAuth()
                : user.map(u -> u + ":" + password.map(p -> p.value(env)).orElse(""));
        return new HttpOptions(merged, auth, cli.insecure() || insecure.orElse(false), cli.caCert().or(() -> caCert),
                cliTimeoutGiven ? cli.timeout() : timeout.orElse(cli.timeout()));
    }

    private static String headerName(String line) {
        int colon = line.indexOf(':');
        return (colon < 0 ? line : line.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
    }
}
