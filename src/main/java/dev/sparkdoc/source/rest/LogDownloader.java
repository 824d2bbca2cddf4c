package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.LogDownloads;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Downloads of event logs from a History Server ({@code EventLogDownloadResource}: a zip of the
 * attempt's log file or rolling folder), bounded so that a fleet of thousands stays polite:
 * at most {@link #IN_FLIGHT} at once whatever the threads asking, a busy answer (429, 503) retried
 * after the server's {@code Retry-After} or a doubling pause, and a bound on each whole download.
 */
public final class LogDownloader implements LogDownloads {

    /**
     * Downloads at once. The server answers each by reading the log from its store (HDFS, S3) and
     * deflating it into the zip as it streams: about one of its cores per download, and no replay
     * (unlike the REST reads of {@code fleet} without a store, which make it rebuild each
     * application). Two keep a shared server's UI responsive; the event logs are then read here,
     * which for a 2-4 core machine is slower than two downloads on a LAN.
     */
    public static final int IN_FLIGHT = 2;

    /** Tries of one download answered 429 or 503 (or cut by a connection fault) before its row says so. */
    static final int TRIES = 4;

    /** The first pause after a busy answer without Retry-After; doubled each time (1, 2, 4 s). */
    static final Duration FIRST_PAUSE = Duration.ofSeconds(1);

    /** The longest Retry-After honoured: a server asking for more is as good as down for this run. */
    static final Duration LONGEST_PAUSE = Duration.ofSeconds(30);

    /**
     * The bound on one whole download. --timeout bounds each wait for the next bytes (a stalled
     * server); this, a trickle: a 1 GB log at a slow 5 MB/s takes under 4 minutes.
     */
    static final Duration WHOLE_DOWNLOAD = Duration.ofMinutes(10);

    /** Sleeps between tries; a test's records the pauses instead of waiting them out. */
    @FunctionalInterface
    interface Pause {
        void sleep(Duration d) throws InterruptedException;
    }

    private final HttpUrl api;
    private final String shown;
    private final OkHttpClient http;
    private final Headers headers;
    private final Duration timeout;
    private final Pause pause;
    private final Semaphore slots = new Semaphore(IN_FLIGHT, true);

    public LogDownloader(Target.Http target, HttpOptions options) {
        this(target, options, d -> Thread.sleep(d.toMillis()));
    }

    LogDownloader(Target.Http target, HttpOptions options, Pause pause) {
        HttpUrl base = AppResolver.baseUrl(target.baseUrl());
        this.api = base.newBuilder().addPathSegment("api").addPathSegment("v1").addPathSegment("applications").build();
        this.shown = target.display().endsWith("/") ? target.display() : target.display() + "/";
        this.http = HttpSettings.client(options).newBuilder().callTimeout(WHOLE_DOWNLOAD).build();
        this.headers = HttpSettings.headers(options, target.baseUrl());
        this.timeout = options.timeout();
        this.pause = pause;
    }

    @Override
    public String address(String appId, Optional<String> attemptId) {
        return shown + "api/v1/applications/" + appId + attemptId.map(a -> "/" + a).orElse("") + "/logs";
    }

    @Override
    public long fetch(String appId, Optional<String> attemptId, Path file) {
        HttpUrl.Builder url = api.newBuilder().addPathSegment(appId);
        attemptId.ifPresent(url::addPathSegment);
        HttpUrl logs = url.addPathSegment("logs").build();
        try {
            slots.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SourceException("interrupted before downloading " + address(appId, attemptId));
        }
        // a try that waits out a busy answer keeps its slot: a busy server then sees fewer requests, not others' instead
        try {
            return withRetries(logs, file, address(appId, attemptId));
        } finally {
            slots.release();
        }
    }

    private long withRetries(HttpUrl url, Path file, String where) {
        Duration next = FIRST_PAUSE;
        for (int tried = 1; ; tried++) {
            Busy busy;
            try {
                busy = once(url, file, where);
            } catch (IOException e) {
                if (tried >= TRIES || !RestClient.retryable(e)) {
                    throw fault(url, e, where);
                }
                busy = new Busy("connection fault (" + Texts.firstLine(String.valueOf(e.getMessage())) + ")", Optional.empty());
            }
            if (busy == null) {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    throw new SourceException("cannot read back the download of " + where + ": " + e.getMessage(), e);
                }
            }
            if (tried >= TRIES) {
                throw new SourceException(SourceFault.BAD_ANSWER, "cannot download " + where + ": " + busy.what()
                        + " " + TRIES + " times; run again later (the attempt is asked for again)", null);
            }
            Duration wait = busy.retryAfter().map(d -> d.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : d).orElse(next);
            next = next.multipliedBy(2);
            try {
                pause.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SourceException("interrupted while waiting to download " + where);
            }
        }
    }

    /** A busy answer worth another try, with the pause the server asked for. */
    private record Busy(String what, Optional<Duration> retryAfter) {
    }

    /** @return null when the log is in {@code file}; the busy answer to wait out otherwise */
    private Busy once(HttpUrl url, Path file, String where) throws IOException {
        Request request = new Request.Builder().url(url).headers(headers).get().build();
        try (Response response = http.newCall(request).execute()) {
            int code = response.code();
            if (code == 429 || code == 503) {
                return new Busy("HTTP " + code, retryAfter(response.header("Retry-After")));
            }
            if (code == 404) {
                throw new SourceException(SourceFault.BAD_ANSWER, "cannot download " + where + ": HTTP 404, the History Server"
                        + " has no event log for this attempt (removed by its cleaner since the listing?)", null);
            }
            if (code == 401 || code == 403) {
                throw new SourceException(SourceFault.LOGIN, "cannot download " + where + ": HTTP " + code
                        + ", not allowed (the History Server's ACLs: spark.history.ui.acls.enable, spark.admin.acls)", null);
            }
            if (code != 200) {
                throw new SourceException(SourceFault.BAD_ANSWER, "cannot download " + where + ": HTTP " + code, null);
            }
            try (InputStream in = response.body().byteStream()) {
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return null;
        }
    }

    /** Retry-After in seconds (the HTTP-date form is left to the doubling pause). */
    static Optional<Duration> retryAfter(String header) {
        if (header == null) {
            return Optional.empty();
        }
        try {
            long seconds = Long.parseLong(header.strip());
            return seconds < 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(seconds));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private SourceException fault(HttpUrl url, IOException e, String where) {
        if (e instanceof InterruptedIOException && !(e instanceof java.net.SocketTimeoutException)) {
            return new SourceException(SourceFault.TIMEOUT, "cannot download " + where + ": not done within "
                    + WHOLE_DOWNLOAD.toMinutes() + " minutes", e);
        }
        return new SourceException(SourceFault.UNREACHABLE, "cannot download " + where + ": "
                + HttpFailures.transport(url, e, timeout).getMessage(), e);
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }
}
