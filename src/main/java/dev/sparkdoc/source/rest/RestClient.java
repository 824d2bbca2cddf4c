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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLException;
import okhttp3.ConnectionPool;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;

/**
 * GETs with sparkdoc's rules: the configured headers on every request, one retry on a fresh
 * connection after a connection fault (never after an HTTP error or a timeout: a slow driver must
 * not get twice the load), and counters of requests and bytes for {@link PollStats}.
 */
final class RestClient {

    private static final long RETRY_PAUSE_MS = 200;
    /**
     * The largest answer read. Real ones stay far below: {@code /environment} with a big class
     * path is a few MB, {@code /sql} is paged and asked without plan text.
     */
    static final long DEFAULT_MAX_BODY_BYTES = 64L << 20;
    static final String MAX_BODY_PROPERTY = "sparkdoc.rest.maxResponseBytes";

    private final OkHttpClient http;
    /** The same client with a pool that keeps nothing: a retry never meets a pooled connection. */
    private final OkHttpClient fresh;
    private final Headers headers;
    private final Duration timeout;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final DriverClock driverClock = new DriverClock();
    private final long maxBodyBytes;
    /** Set once the server answered HTTP/1.0 without keep-alive: it closes each connection after one answer. */
    private volatile boolean oneAnswerPerConnection;

    RestClient(OkHttpClient http, Headers headers, Duration timeout) {
        this(http, headers, timeout, Long.getLong(MAX_BODY_PROPERTY, DEFAULT_MAX_BODY_BYTES));
    }

    RestClient(OkHttpClient http, Headers headers, Duration timeout, long maxBodyBytes) {
        this.http = http;
        this.fresh = http.newBuilder().connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS)).build();
        this.headers = headers;
        this.timeout = timeout;
        this.maxBodyBytes = Math.max(1, maxBodyBytes);
    }

    /** @throws RestFault when no HTTP answer arrived (refused, unknown host, timeout, TLS) */
    HttpResult get(HttpUrl url) {
        try {
            return call(http, url);
        } catch (IOException first) {
            if (!retryable(first)) {
                throw HttpFailures.transport(url, first, timeout);
            }
            // the server restarted, or closed connections it found idle: the other pooled ones are as dead
            http.connectionPool().evictAll();
            pause();
            try {
                return call(fresh, url);
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
        fresh.connectionPool().evictAll();
    }

    private HttpResult call(OkHttpClient client, HttpUrl url) throws IOException {
        requests.incrementAndGet();
        Request.Builder request = new Request.Builder().url(url).headers(headers).header("Accept", "application/json").get();
        if (oneAnswerPerConnection) {
            // OkHttp pools an HTTP/1.0 connection unless a request or answer says "close"
            request.header("Connection", "close");
        }
        try (Response response = client.newCall(request.build()).execute()) {
            if (response.protocol() == Protocol.HTTP_1_0 && !"keep-alive".equalsIgnoreCase(response.header("Connection"))) {
                oneAnswerPerConnection = true;
            }
            driverClock.observe(Optional.ofNullable(response.headers().getDate("Date")).map(java.util.Date::toInstant),
                    response.receivedResponseAtMillis());
            ResponseBody body = response.body();
            byte[] raw = boundedBytes(url, body);
            MediaType type = body.contentType();
            String text = new String(raw, type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8));
            String contentType = response.header("Content-Type", "");
            return new HttpResult(url, response.request().url(), response.code(), contentType, text);
        }
    }

    /**
     * The body, refused unread when its Content-Length is over the bound, and abandoned as soon
     * as a chunked one passes it: at most the bound plus one read is ever held.
     */
    private byte[] boundedBytes(HttpUrl url, ResponseBody body) throws IOException {
        long declared = body.contentLength();
        if (declared > maxBodyBytes) {
            throw new ResponseTooLargeException(url, maxBodyBytes, declared);
        }
        BufferedSource source = body.source();
        Buffer read = new Buffer();
        try {
            while (source.read(read, 1 << 16) != -1) {
                if (read.size() > maxBodyBytes) {
                    throw new ResponseTooLargeException(url, maxBodyBytes, -1);
                }
            }
        } finally {
            bytes.addAndGet(read.size());
        }
        return read.readByteArray();
    }

    /** A connection that failed or broke; not a timeout, a DNS failure or a TLS refusal. */
    static boolean retryable(IOException e) {
        if (e instanceof InterruptedIOException || e instanceof UnknownHostException || e instanceof SSLException) {
            return false;
        }
        // A pooled connection the server closed (Jetty closes idle ones after 8 s, an HTTP/1.0 proxy
        // after each answer) fails with an EOFException before any byte of the answer; a fresh one works.
        return e instanceof ConnectException || e instanceof NoRouteToHostException || e instanceof SocketException
                || endOfStream(e);
    }

    /** The server closed the connection before the answer (or all of it) came: OkHttp's words for it. */
    static boolean endOfStream(IOException e) {
        return e instanceof java.io.EOFException || String.valueOf(e.getMessage()).contains("unexpected end of stream");
    }

    private static void pause() {
        try {
            Thread.sleep(RETRY_PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
