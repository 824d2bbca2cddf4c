package dev.sparkdoc.source.rest;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLException;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;

/**
 * GETs with sparkdoc's rules: the configured headers on every request, one retry after a
 * connection fault (never after an HTTP error or a timeout: a slow driver must not get twice the
 * load), and counters of requests and bytes for {@link PollStats}.
 */
final class RestClient {

    private static final long RETRY_PAUSE_MS = 200;

    private final OkHttpClient http;
    private final Headers headers;
    private final Duration timeout;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final DriverClock driverClock = new DriverClock();

    RestClient(OkHttpClient http, Headers headers, Duration timeout) {
        this.http = http;
        this.headers = headers;
        this.timeout = timeout;
    }

    /** @throws RestFault when no HTTP answer arrived (refused, unknown host, timeout, TLS) */
    HttpResult get(HttpUrl url) {
        try {
            return call(url);
        } catch (IOException first) {
            if (!retryable(first)) {
                throw HttpFailures.transport(url, first, timeout);
            }
            pause();
            try {
                return call(url);
            } catch (IOException second) {
                throw HttpFailures.transport(url, second, timeout);
            }
        }
    }

    long requests() {
        return requests.get();
    }

    long bytes() {
        return bytes.get();
    }

    DriverClock driverClock() {
        return driverClock;
    }

    void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private HttpResult call(HttpUrl url) throws IOException {
        requests.incrementAndGet();
        Request request = new Request.Builder().url(url).headers(headers).header("Accept", "application/json").get().build();
        try (Response response = http.newCall(request).execute()) {
            driverClock.observe(Optional.ofNullable(response.headers().getDate("Date")).map(java.util.Date::toInstant),
                    response.receivedResponseAtMillis());
            ResponseBody body = response.body();
            byte[] raw = body.bytes();
            bytes.addAndGet(raw.length);
            MediaType type = body.contentType();
            String text = new String(raw, type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8));
            String contentType = response.header("Content-Type", "");
            return new HttpResult(url, response.request().url(), response.code(), contentType, text);
        }
    }

    /** A connection that failed or broke; not a timeout, a DNS failure or a TLS refusal. */
    static boolean retryable(IOException e) {
        if (e instanceof InterruptedIOException || e instanceof UnknownHostException || e instanceof SSLException) {
            return false;
        }
        // Spark's Jetty closes idle keep-alive connections after ~8 s: reusing one fails with an
        // EOFException before any byte of the answer, and a fresh connection works.
        return e instanceof ConnectException || e instanceof NoRouteToHostException || e instanceof SocketException
                || e instanceof java.io.EOFException
                || String.valueOf(e.getMessage()).contains("unexpected end of stream");
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
