package dev.sparkdoc.targets;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Turns what the user typed into a {@link Target}: an existing path is a file target, anything
 * else must look like {@code host[:port]} or an http(s) URL.
 */
public final class TargetParser {

    /** The ports a driver UI takes: 4040, and the next ones when several drivers share a host. */
    public static final List<Integer> DRIVER_UI_PORTS = IntStream.rangeClosed(4040, 4045).boxed().toList();

    /** The first bytes of a snapshot file; see {@code SnapshotFile}. */
    public static final String SNAPSHOT_MARKER = "\"sparkdocSnapshot\"";

    private static final Pattern HOST_PORT = Pattern.compile("^(\\[[0-9a-fA-F:.]+\\]|[A-Za-z0-9.-]+)(?::(\\d{1,5}))?$");

    /** Names Spark gives event logs: local-…, app-…, application_…, eventlog_v2_…. */
    private static final Pattern EVENT_LOG_NAME =
            Pattern.compile("^(local-\\d{10,}|app-\\d{14}-\\d+|application_\\d+_\\d+|eventlog_v2_)");

    /** The pages of a driver's UI, as its address bar shows them (SparkUI's tabs and their sub-pages). */
    private static final java.util.Set<String> UI_PAGES = java.util.Set.of("jobs", "stages", "storage", "environment", "executors",
            "SQL", "sqlserver", "streaming", "StreamingQuery", "connect");

    private TargetParser() {
    }

    public static Target parse(String text) {
        String input = text == null ? "" : text.strip();
        if (input.isEmpty()) {
            throw new TargetException("empty target: give host:port, an http(s) URL, an event-log path or a snapshot file");
        }
        String lower = input.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            return new Target.Http(parseUrl(input));
        }
        Path path;
        try {
            path = Path.of(input);
        } catch (java.nio.file.InvalidPathException e) {
            // found by TargetParserFuzzTest: a NUL (or, on Windows, a ':' or '*') is no file name
            throw new TargetException("not a host:port, URL or file name: " + e.getReason()
                    + " (give host:port, an http(s) URL, an event-log path or a snapshot file)");
        }
        if (Files.exists(path)) {
            return fileTarget(path);
        }
        boolean pathLike = looksLikePath(input);
        if (pathLike && !Files.notExists(path)) {
            // neither there nor not there: a folder above it may not be searched (permission
            // denied); the reader says so
            return new Target.EventLog(path);
        }
        if (pathLike) {
            throw new TargetException("no such file or folder: " + input
                    + " (give an event-log file, an eventlog_v2_* folder or a snapshot file)");
        }
        return hostTarget(input);
    }

    private static boolean looksLikePath(String input) {
        return input.contains("/") || input.contains("\\") || input.startsWith(".") || input.startsWith("~")
                || input.endsWith(".json") || EVENT_LOG_NAME.matcher(input).find();
    }

    private static Target hostTarget(String input) {
        Matcher m = HOST_PORT.matcher(input);
        if (!m.matches()) {
            throw new TargetException("not a target: '" + input
                    + "' (expected host:port such as localhost:4040, an http(s):// URL, or a path to an event log)");
        }
        String host = m.group(1);
        if (m.group(2) == null) {
            return new Target.HostScan(host, DRIVER_UI_PORTS);
        }
        int port;
        try {
            port = Integer.parseInt(m.group(2));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new TargetException("port out of range in '" + input + "' (1-65535; a driver UI listens on 4040)");
        }
        try {
            return new Target.Http(URI.create("http://" + host + ":" + port + "/"));
        } catch (IllegalArgumentException e) {
            // found by TargetParserFuzzTest: "[:41]:4040" passes the host:port pattern, not URI's rules
            throw new TargetException("not a valid host in '" + input + "' (expected host:port such as localhost:4040)");
        }
    }

    /**
     * When {@code text} is the URL of a Spark UI page (pasted from a browser: {@code …/jobs/},
     * {@code …/stages/stage/?id=3}, {@code …/proxy/application_…/SQL/}), a note that it is read as
     * the application at the root of that UI; empty for any other target.
     */
    public static Optional<String> uiPageNote(String text) {
        String input = text == null ? "" : text.strip();
        if (!(input.regionMatches(true, 0, "http://", 0, 7) || input.regionMatches(true, 0, "https://", 0, 8))) {
            return Optional.empty();
        }
        try {
            String path = Optional.ofNullable(new URI(input).getRawPath()).orElse("");
            if (path.contains("/api/v1") || uiRoot(path).equals(path)) {
                return Optional.empty();
            }
            URI root = parseUrl(input);
            return Optional.of(input + " is a page of the Spark UI: reading the application at its root, "
                    + new URI(root.getScheme(), null, root.getHost(), root.getPort(), root.getRawPath(), null, null));
        } catch (URISyntaxException | TargetException e) {
            return Optional.empty();
        }
    }

    /**
     * The path before the first Spark UI page in it (the tabs of {@code SparkUI} and the SQL,
     * streaming and Thrift server ones): {@code /proxy/application_1_0042/jobs/job/} gives
     * {@code /proxy/application_1_0042/}; a path without a page is kept.
     */
    private static String uiRoot(String path) {
        String[] segments = path.split("/", -1);
        for (int i = 1; i < segments.length; i++) {
            if (UI_PAGES.contains(segments[i])) {
                return String.join("/", java.util.Arrays.copyOf(segments, i)) + "/";
            }
        }
        return path;
    }

    private static URI parseUrl(String input) {
        try {
            URI uri = new URI(input);
            if (uri.getHost() == null) {
                throw new TargetException("no host in URL '" + input + "' (e.g. http://driver-host:4040)");
            }
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            // A user may paste a REST URL; the base is what comes before api/v1.
            int api = path.indexOf("/api/v1");
            if (api >= 0) {
                path = path.substring(0, api);
            }
            path = uiRoot(path);
            if (!path.endsWith("/")) {
                path = path + "/";
            }
            return new URI(uri.getScheme().toLowerCase(Locale.ROOT), uri.getRawUserInfo(), uri.getHost(), uri.getPort(),
                    path, null, null);
        } catch (URISyntaxException e) {
            throw new TargetException("not a valid URL: '" + input + "' (" + e.getReason() + ")");
        }
    }

    /**
     * Only a regular file is opened, to look for the snapshot marker: opening a FIFO with no
     * writer blocks for ever, and a device may never end. A folder, anything that is not a regular
     * file, and a file that cannot be opened (permission denied) are event-log targets, and the
     * reader refuses them with the reason: the target exists, so it is one that could not be read
     * (exit 3, "unreadable log" in the README's table), not a mistyped one (exit 2).
     */
    private static Target fileTarget(Path path) {
        return Files.isRegularFile(path) && startsWithSnapshotMarker(path)
                ? new Target.SnapshotFile(path) : new Target.EventLog(path);
    }

    private static boolean startsWithSnapshotMarker(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(64);
            return new String(head, StandardCharsets.UTF_8).contains(SNAPSHOT_MARKER);
        } catch (IOException e) {
            return false; // the event-log reader opens it again and says why it cannot
        }
    }

    static URI withoutUserInfo(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri;
        }
        try {
            return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), uri.getPath(), null, null);
        } catch (URISyntaxException e) {
            return uri;
        }
    }
}
