package dev.sparkdoc.source.rest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sparkdoc.json.Json;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
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
import okio.BufferedSource;
import okio.Okio;

/**
 * GETs with sparkdoc's rules: the configured headers on every request, one retry on a fresh
 * connection after a connection fault (never after an HTTP error or a timeout: a slow driver must
 * not get twice the load), and counters of requests and bytes for {@link PollStats}.
 */
final class RestClient {

    private static final long RETRY_PAUSE_MS = 200;
    private static final long SNIFF_BYTES = 512;
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
    /** This host's clock, which the driver's Date headers are compared with (RestSource's, so both agree). */
    private final Clock clock;
    private final long maxBodyBytes;
    /** Set once the server answered HTTP/1.0 without keep-alive: it closes each connection after one answer. */
    private volatile boolean oneAnswerPerConnection;

    RestClient(OkHttpClient http, Headers headers, Duration timeout) {
        this(http, headers, timeout, Clock.systemUTC());
    }

    RestClient(OkHttpClient http, Headers headers, Duration timeout, Clock clock) {
        this(http, headers, timeout, Long.getLong(MAX_BODY_PROPERTY, DEFAULT_MAX_BODY_BYTES), clock);
    }

    RestClient(OkHttpClient http, Headers headers, Duration timeout, long maxBodyBytes) {
        this(http, headers, timeout, maxBodyBytes, Clock.systemUTC());
    }

    RestClient(OkHttpClient http, Headers headers, Duration timeout, long maxBodyBytes, Clock clock) {
        this.http = http;
        this.clock = clock;
        this.fresh = http.newBuilder().connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS)).build();
        this.headers = headers;
        this.timeout = timeout;
        this.maxBodyBytes = Math.max(1, maxBodyBytes);
    }

    /**
     * Reads a JSON answer as it streams in, from the parser's first token: a 60 MB list never
     * sits in the heap as bytes and text besides the values read from it.
     */
    @FunctionalInterface
    interface JsonBody<T> {
        T read(JsonParser parser) throws IOException;
    }

    /**
     * One answer: the value {@code json} read from a 2xx answer that is not HTML; anything else
     * (an error, a login page) read whole as text into {@code http}'s body, for the caller to word.
     */
    record Answer<T>(HttpResult http, Optional<T> json) {
    }

    /**
     * @throws RestFault when no HTTP answer arrived (refused, unknown host, timeout, TLS), or a 2xx
     *                   answer was not valid JSON
     */
    <T> Answer<T> get(HttpUrl url, JsonBody<T> json) {
        try {
            return call(http, url, json);
        } catch (IOException first) {
            if (HttpFailures.redirectLoop(first)) {
                throw HttpFailures.redirectLoop(url, first, firstRedirect(url));
            }
            if (!retryable(first)) {
                throw failed(url, first);
            }
            // the server restarted, or closed connections it found idle: the other pooled ones are as dead
            http.connectionPool().evictAll();
            pause();
            try {
                return call(fresh, url, json);
            } catch (IOException second) {
                throw failed(url, second);
            }
        }
    }

    /**
     * The fault of a request that failed for good. http:// to a port that speaks TLS fails as a
     * broken or garbled answer; it is looked into only then, with one more connection (a TLS
     * handshake, no HTTP request).
     */
    private RestFault failed(HttpUrl url, IOException e) {
        if (TlsProbe.worthProbing(url, e) && (TlsProbe.tlsRecordInsteadOfHttp(e) || TlsProbe.speaksTls(url, timeout))) {
            return HttpFailures.plainHttpToTls(url, e);
        }
        return HttpFailures.transport(url, e, timeout);
    }

    /** Where {@code url} sends a client first (a circle of redirects: OkHttp's "Too many follow-up requests"), its query left out (login redirects carry tickets there). */
    private Optional<HttpUrl> firstRedirect(HttpUrl url) {
        OkHttpClient once = http.newBuilder().followRedirects(false).followSslRedirects(false).build();
        try (Response r = once.newCall(new Request.Builder().url(url).headers(headers).get().build()).execute()) {
            return Optional.ofNullable(r.header("Location")).map(url::resolve).map(u -> u.newBuilder().query(null).build());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Whether requests carry credentials ({@code --user}, a user:password@ URL, an Authorization or Cookie header). */
    boolean sendsCredentials() {
        return headers.get("Authorization") != null || headers.get("Cookie") != null || headers.get("Proxy-Authorization") != null;
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

    private <T> Answer<T> call(OkHttpClient client, HttpUrl url, JsonBody<T> json) throws IOException {
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
            // the headers have just arrived: now, on the clock the snapshot's time is read from
            driverClock.observe(Optional.ofNullable(response.headers().getDate("Date")).map(java.util.Date::toInstant),
                    clock.millis());
            ResponseBody body = response.body();
            if (body.contentLength() > maxBodyBytes) {
                throw new ResponseTooLargeException(url, maxBodyBytes, body.contentLength());
            }
            BufferedSource source = Okio.buffer(new BoundedBody(body.source(), maxBodyBytes, bytes));
            try {
                HttpResult head = new HttpResult(url, response.request().url(), response.code(),
                        response.header("Content-Type", ""), start(source));
                if (head.ok() && !head.looksLikeHtml()) {
                    return new Answer<>(head, Optional.of(parse(head, source, json)));
                }
                MediaType type = body.contentType();
                String text = source.readString(type == null ? StandardCharsets.UTF_8 : type.charset(StandardCharsets.UTF_8));
                return new Answer<>(new HttpResult(url, head.url(), head.code(), head.contentType(), text), Optional.empty());
            } catch (BoundedBody.Passed e) {
                throw new ResponseTooLargeException(url, maxBodyBytes, -1);
            }
        }
    }

    private static <T> T parse(HttpResult head, BufferedSource source, JsonBody<T> json) throws IOException {
        try (JsonParser parser = Json.mapper().createParser(source.inputStream())) {
            T value = json.read(parser);
            if (value == null) {
                throw HttpFailures.notJson(head, "empty answer", null);
            }
            return value;
        } catch (JsonProcessingException e) {
            throw HttpFailures.notJson(head, e.getOriginalMessage(), e);
        }
    }

    /** The first bytes of the answer, without taking them from {@code source}: enough to tell HTML from JSON. */
    private static String start(BufferedSource source) throws IOException {
        source.request(SNIFF_BYTES);
        return source.getBuffer().snapshot((int) Math.min(SNIFF_BYTES, source.getBuffer().size())).utf8();
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
