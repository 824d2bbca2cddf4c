package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.ConnectionPool;
import okhttp3.Credentials;
import okhttp3.Headers;
import okhttp3.OkHttpClient;

/**
 * Turns {@link HttpOptions} into an OkHttp client and the headers every request carries.
 * Messages here never repeat a header value or a password.
 */
final class HttpSettings {

    /**
     * How long an idle connection is kept for the next request. Spark's UI and History Server
     * close a connection idle for 8 s ({@code JettyUtils.startJettyServer}: {@code
     * connector.setIdleTimeout(8000)}, SPARK-45248, Spark 3.5 and 4.x); OkHttp would keep it for
     * 5 minutes and hand it to a GET unchecked, so every poll after a longer pause met closed
     * connections. Half Jetty's timeout leaves room for a request on its way and for timer slack.
     */
    static final Duration POOLED_IDLE = Duration.ofSeconds(4);

    private HttpSettings() {
    }

    static OkHttpClient client(HttpOptions options) {
        Duration timeout = options.timeout();
        OkHttpClient.Builder builder = new OkHttpClient.Builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .writeTimeout(timeout)
                // A bound on the whole call (redirects and a slowly trickling body included).
                .callTimeout(callTimeout(timeout))
                // YARN's AmIpFilter answers 302 to the ResourceManager proxy; follow it.
                .followRedirects(true)
                .followSslRedirects(true)
                .connectionPool(new ConnectionPool(RestSource.PARALLEL_REQUESTS, POOLED_IDLE.toMillis(), TimeUnit.MILLISECONDS))
                // sparkdoc retries once itself, on a fresh connection (RestClient). OkHttp's own retry
                // would also repeat a request answered HTTP 408 (a timeout): a slow driver must not get
                // twice the load.
                .retryOnConnectionFailure(false);
        if (options.insecure()) {
            TlsTrust.Setup tls = TlsTrust.trustAll();
            builder.sslSocketFactory(tls.socketFactory(), tls.trustManager()).hostnameVerifier((host, session) -> true);
        } else if (options.caCert().isPresent()) {
            TlsTrust.Setup tls = TlsTrust.fromCaFile(options.caCert().get());
            builder.sslSocketFactory(tls.socketFactory(), tls.trustManager());
        }
        return builder.build();
    }

    /**
     * The bound on one whole call: read and connect timeouts only bound the wait for each next
     * byte, so a driver that trickles its answer (a stalled GC, a throttled proxy) would otherwise
     * hold a poll for minutes.
     */
    static Duration callTimeout(Duration timeout) {
        return timeout.multipliedBy(3);
    }

    /**
     * Headers for every request: {@code --header} values, then basic auth from {@code --user}
     * or, failing that, from the URL's {@code user:password@}.
     */
    static Headers headers(HttpOptions options, URI baseUrl) {
        Headers.Builder headers = new Headers.Builder();
        for (String header : options.headers()) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                throw new SourceException("invalid --header: expected 'Name: value' (e.g. 'Authorization: Bearer …')");
            }
            String name = header.substring(0, colon).strip();
            if (name.equalsIgnoreCase("Accept-Encoding")) {
                // OkHttp asks for gzip and decodes it only when the caller does not set this header.
                continue;
            }
            try {
                headers.add(name, header.substring(colon + 1).strip());
            } catch (IllegalArgumentException e) {
                throw new SourceException("invalid --header '" + name + "': the name or value has characters HTTP does not allow");
            }
        }
        basicAuth(options, baseUrl).ifPresent(value -> headers.set("Authorization", value));
        return headers.build();
    }

    private static Optional<String> basicAuth(HttpOptions options, URI baseUrl) {
        Optional<String> userInfo = options.basicAuth()
                .or(() -> Optional.ofNullable(baseUrl.getRawUserInfo())
                        .map(raw -> URLDecoder.decode(raw, StandardCharsets.UTF_8)));
        return userInfo.map(HttpSettings::basic);
    }

    private static String basic(String userPassword) {
        int colon = userPassword.indexOf(':');
        if (colon <= 0) {
            throw new SourceException("invalid --user: expected user:password");
        }
        return Credentials.basic(userPassword.substring(0, colon), userPassword.substring(colon + 1), StandardCharsets.UTF_8);
    }
}
