package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.source.HttpOptions;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Reads the end of an executor's log through the link Spark gives ({@code executorLogs}), in
 * bytes the reader bounds, whatever the log's size. Each cluster manager serves its logs its own
 * way: a standalone worker's {@code logPage} has a raw {@code /log/} twin that takes
 * {@code byteLength} and answers the last bytes with a {@code ==== Bytes A-B of L ====} header; a
 * YARN NodeManager's {@code containerlogs} page takes {@code start=-N}; anything else is asked for
 * an HTTP range ({@code Range: bytes=-N}) and, when it sends the whole file instead, read no
 * further than {@value #MAX_SCAN_BYTES} bytes. Credentials go only to the target's own host: a
 * worker or NodeManager elsewhere gets none.
 */
public final class ExecutorLogReader implements AutoCloseable {

    /** How far a server that ignores ranges is read before the reader gives up on its tail. */
    static final long MAX_SCAN_BYTES = 8L << 20;
    private static final Pattern WORKER_HEADER = Pattern.compile("^==== Bytes (\\d+)-(\\d+) of (\\d+) of .*? ====\\r?\\n?");
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
    private static final Pattern PRE = Pattern.compile("(?s)<pre[^>]*>(.*?)</pre>");

    private final OkHttpClient http;
    private final Headers credentials;
    private final String targetHost;

    public ExecutorLogReader(URI target, HttpOptions options) {
        this.http = HttpSettings.client(options);
        this.credentials = HttpSettings.headers(options, target);
        this.targetHost = target.getHost() == null ? "" : target.getHost();
    }

    /** The last {@code maxBytes} of the log at {@code url}; a problem, never an exception, when it cannot be read. */
    public LogTail tail(String executorId, String kind, String url, int maxBytes) {
        return redacted(fetch(executorId, kind, url, OptionalLong.empty(), maxBytes));
    }

    /**
     * What the log at {@code url} gained since byte {@code offset} (at most {@code maxBytes} of it),
     * for {@code logs --follow}: a worker's {@code offset}, else a range from the offset; a
     * NodeManager's page cannot be read from an offset.
     */
    public LogTail since(String executorId, String kind, String url, long offset, int maxBytes) {
        return redacted(fetch(executorId, kind, url, OptionalLong.of(offset), maxBytes));
    }

    /** A log quotes configs, URLs and commands: its secrets never leave the reader. */
    private static LogTail redacted(LogTail t) {
        return new LogTail(t.executorId(), t.kind(), Redaction.text(t.url()), Redaction.text(t.text()), t.from(), t.length(),
                t.problem().map(Redaction::text));
    }

    /** The tail ({@code offset} empty) or what follows {@code offset}, asked for as the link's server serves it. */
    private LogTail fetch(String executorId, String kind, String url, OptionalLong offset, int maxBytes) {
        HttpUrl link = HttpUrl.parse(url);
        if (link == null) {
            return failed(executorId, kind, url, "the log link is not an http(s) URL");
        }
        Shape shape = Shape.of(link);
        if (shape == Shape.NODE_MANAGER && offset.isPresent()) {
            return failed(executorId, kind, url, "a YARN NodeManager's log page cannot be followed: run sparkdoc logs again");
        }
        HttpUrl asked = switch (shape) {
            case WORKER -> {
                HttpUrl.Builder raw = link.newBuilder().encodedPath(link.encodedPath().replaceFirst("/logPage/?$", "/log/"))
                        .removeAllQueryParameters("offset").setQueryParameter("byteLength", Integer.toString(maxBytes));
                offset.ifPresent(o -> raw.setQueryParameter("offset", Long.toString(o)));
                yield raw.build();
            }
            case NODE_MANAGER -> link.newBuilder().setQueryParameter("start", Integer.toString(-maxBytes)).build();
            case OTHER -> link;
        };
        Request.Builder request = new Request.Builder().url(asked).get();
        if (asked.host().equals(targetHost)) {
            request.headers(credentials);
        }
        if (shape == Shape.OTHER) {
            request.header("Range", offset.isPresent()
                    ? "bytes=" + offset.getAsLong() + "-" + (offset.getAsLong() + maxBytes - 1) : "bytes=-" + maxBytes);
        }
        try (Response response = http.newCall(request.build()).execute()) {
            if (response.code() == 416 && offset.isPresent()) {
                // nothing after the offset yet
                return new LogTail(executorId, kind, url, "", offset, offset, Optional.empty());
            }
            if (!response.isSuccessful()) {
                return failed(executorId, kind, url, "the log link answered HTTP " + response.code() + why(response.code(), shape));
            }
            InputStream body = response.body().byteStream();
            return switch (shape) {
                case WORKER -> worker(executorId, kind, url, read(body, maxBytes + 4096L));
                case NODE_MANAGER -> nodeManager(executorId, kind, url, read(body, 4L * maxBytes + 65_536));
                case OTHER -> response.code() == 206
                        ? ranged(executorId, kind, url, read(body, maxBytes + 4096L), response.header("Content-Range", ""))
                        : offset.isPresent() ? failed(executorId, kind, url, "the log server sends whole files, not ranges: it cannot be followed")
                        : whole(executorId, kind, url, body, maxBytes);
            };
        } catch (IOException e) {
            return failed(executorId, kind, url, "the log link could not be read: " + e.getMessage());
        }
    }

    private static LogTail worker(String id, String kind, String url, String text) {
        Matcher m = WORKER_HEADER.matcher(text);
        if (!m.find()) {
            return new LogTail(id, kind, url, text, OptionalLong.empty(), OptionalLong.empty(), Optional.empty());
        }
        return new LogTail(id, kind, url, text.substring(m.end()), OptionalLong.of(Long.parseLong(m.group(1))),
                OptionalLong.of(Long.parseLong(m.group(3))), Optional.empty());
    }

    private static LogTail nodeManager(String id, String kind, String url, String html) {
        Matcher m = PRE.matcher(html);
        StringBuilder text = new StringBuilder();
        while (m.find()) {
            text.append(unescape(m.group(1)));
        }
        return new LogTail(id, kind, url, text.toString(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty());
    }

    private static LogTail ranged(String id, String kind, String url, String text, String contentRange) {
        Matcher m = CONTENT_RANGE.matcher(contentRange);
        if (!m.find()) {
            return new LogTail(id, kind, url, text, OptionalLong.empty(), OptionalLong.empty(), Optional.empty());
        }
        OptionalLong length = m.group(3).equals("*") ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(m.group(3)));
        return new LogTail(id, kind, url, text, OptionalLong.of(Long.parseLong(m.group(1))), length, Optional.empty());
    }

    /** A server that sent the whole file: its last bytes, as long as it ends within the scan bound. */
    private static LogTail whole(String id, String kind, String url, InputStream body, int maxBytes) throws IOException {
        byte[] ring = new byte[maxBytes];
        long total = 0;
        byte[] chunk = new byte[64 * 1024];
        int n;
        while ((n = body.read(chunk)) > 0) {
            for (int i = 0; i < n; i++) {
                ring[(int) ((total + i) % maxBytes)] = chunk[i];
            }
            total += n;
            if (total > MAX_SCAN_BYTES) {
                return failed(id, kind, url, "the log server sends whole files, not ranges, and this one is over "
                        + (MAX_SCAN_BYTES >> 20) + " MiB: open the link in a browser, or read the file on its host");
            }
        }
        int size = (int) Math.min(total, maxBytes);
        byte[] tail = new byte[size];
        for (int i = 0; i < size; i++) {
            tail[i] = ring[(int) ((total - size + i) % maxBytes)];
        }
        return new LogTail(id, kind, url, new String(tail, StandardCharsets.UTF_8), OptionalLong.of(total - size),
                OptionalLong.of(total), Optional.empty());
    }

    private static String read(InputStream body, long max) throws IOException {
        byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max));
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String why(int code, Shape shape) {
        if (code == 404 && shape == Shape.NODE_MANAGER) {
            return ": the NodeManager no longer has it (finished containers' logs are aggregated: yarn logs -applicationId <app>)";
        }
        if (code == 404) {
            return ": the worker no longer has it (its work folder was cleaned, or the executor ran elsewhere)";
        }
        if (code == 401 || code == 403) {
            return ": the log server wants its own credentials (sparkdoc sends the target's only to the target's host)";
        }
        return "";
    }

    private static LogTail failed(String id, String kind, String url, String problem) {
        return new LogTail(id, kind, url, "", OptionalLong.empty(), OptionalLong.empty(), Optional.of(problem));
    }

    private static String unescape(String html) {
        return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    /** How a log link's server serves a tail. */
    enum Shape {
        WORKER, NODE_MANAGER, OTHER;

        static Shape of(HttpUrl url) {
            String path = url.encodedPath();
            if (path.matches(".*/logPage/?$") && url.queryParameter("logType") != null) {
                return WORKER;
            }
            if (path.contains("/node/containerlogs/")) {
                return NODE_MANAGER;
            }
            return OTHER;
        }
    }

}
