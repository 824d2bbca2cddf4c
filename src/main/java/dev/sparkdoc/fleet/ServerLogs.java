package dev.sparkdoc.fleet;

import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.LogDownloads;
import dev.sparkdoc.source.ServerAttempt;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The event logs of a History Server as a fleet into a store reads them: every attempt of the
 * finished applications it lists, each downloaded when its turn comes into a temporary folder of
 * this run, which goes when the run ends.
 */
public final class ServerLogs implements AutoCloseable {

    private final Target.Http target;
    private final HttpOptions http;
    private final LogDownloads downloads;
    private final Path folder;

    private ServerLogs(Target.Http target, HttpOptions http, LogDownloads downloads, Path folder) {
        this.target = target;
        this.http = http;
        this.downloads = downloads;
        this.folder = folder;
    }

    /** @throws SourceException when no temporary folder can be made for the downloads */
    public static ServerLogs open(Target.Http target, HttpOptions http) {
        Path folder;
        try {
            folder = Files.createTempDirectory("sparkdoc-fleet-");
        } catch (IOException e) {
            throw new SourceException("cannot make a temporary folder for the event logs' downloads: " + e.getMessage()
                    + " (set java.io.tmpdir to a writable folder, e.g. SPARKDOC_JAVA_OPTS=-Djava.io.tmpdir=DIR)", e);
        }
        return new ServerLogs(target, http, Sources.logDownloads(target, http), folder);
    }

    /**
     * One request: the attempts of the newest {@code limit} applications that ended at or after
     * {@code since} and whose name {@code name} matches (the listing names them: the others are not
     * downloaded).
     *
     * @throws SourceException when the listing cannot be read
     */
    public List<FleetLog> list(Optional<Instant> since, int limit, NameGlob name) {
        List<FleetLog> out = new ArrayList<>();
        for (ServerAttempt a : Sources.attempts(target, http, since, limit)) {
            if (name.matches(a.listed().name())) {
                String file = out.size() + "-" + safe(a.listed().id()) + a.listed().attemptId().map(id -> "-" + safe(id)).orElse("");
                out.add(new ServerLog(a, downloads, folder.resolve(file + ".zip")));
            }
        }
        return out;
    }

    /** The History Server as the user may see it again (no credentials). */
    public String display() {
        return target.display();
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    @Override
    public void close() {
        downloads.close();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a download left behind in the system's temporary folder: nothing a user must act on
        }
    }
}
