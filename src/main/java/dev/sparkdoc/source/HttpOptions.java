package dev.sparkdoc.source;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How to talk to a Spark UI, History Server or proxy.
 *
 * @param headers  extra request headers as "Name: value" (e.g. an Authorization header)
 * @param basicAuth "user:password" for HTTP basic authentication
 * @param insecure accept any TLS certificate
 * @param caCert   a PEM file with the CA certificate(s) to trust
 * @param timeout  per-request timeout (connect and read)
 */
public record HttpOptions(
        List<String> headers,
        Optional<String> basicAuth,
        boolean insecure,
        Optional<Path> caCert,
        Duration timeout) {

    public static final HttpOptions DEFAULT =
            new HttpOptions(List.of(), Optional.empty(), false, Optional.empty(), Duration.ofSeconds(10));

    public HttpOptions {
        headers = List.copyOf(headers);
    }

    /** Never print credentials: this is what toString shows instead. */
    @Override
    public String toString() {
        return "HttpOptions[headers=" + headers.size() + ", basicAuth=" + basicAuth.isPresent()
                + ", insecure=" + insecure + ", caCert=" + caCert + ", timeout=" + timeout + "]";
    }
}
