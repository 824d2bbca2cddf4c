package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the event log of an application whose driver stopped answering says it ended. Spark
 * renames its log when the application stops, after writing ApplicationEnd: {@code <app>.inprogress}
 * becomes {@code <app>} (with the codec's suffix), and a rolling log's
 * {@code appstatus_<app>.inprogress} loses its suffix. Only a log on this machine's file system
 * ({@code spark.eventLog.dir} without a scheme or with {@code file:}) is looked at, by name alone:
 * nothing is read.
 */
final class EndedLog {

    /** Spark's event-log codecs' short names, as file suffixes (CompressionCodec.FALLBACK_COMPRESSION_CODEC and the others). */
    private static final List<String> SUFFIXES = List.of("", ".lz4", ".lzf", ".snappy", ".zstd");

    private EndedLog() {
    }

    /** The log that shows the application ended, if there is one here. */
    static Optional<Path> find(AppSnapshot snap) {
        Optional<Path> dir = localDir(snap.environment().sparkProperty("spark.eventLog.dir").orElse("/tmp/spark-events"));
        if (dir.isEmpty() || !Files.isDirectory(dir.get())) {
            return Optional.empty();
        }
        String name = name(snap.application().id(), snap.application().attemptId());
        for (String suffix : SUFFIXES) {
            Path single = dir.get().resolve(name + suffix);
            if (Files.isRegularFile(single)) {
                return Optional.of(single);
            }
        }
        Path rolling = dir.get().resolve("eventlog_v2_" + name);
        return Files.isRegularFile(rolling.resolve("appstatus_" + name)) ? Optional.of(rolling) : Optional.empty();
    }

    /** The log's name for an application and attempt, as Spark's EventLogFileWriter.nameForAppAndAttempt makes it. */
    static String name(String appId, Optional<String> attemptId) {
        return sanitize(appId) + attemptId.map(a -> "_" + sanitize(a)).orElse("");
    }

    private static String sanitize(String s) {
        return s.replaceAll("[ :/]", "-").replaceAll("[.${}'\"]", "_").toLowerCase(Locale.ROOT);
    }

    private static Optional<Path> localDir(String dir) {
        try {
            if (dir.startsWith("file:")) {
                return Optional.of(Path.of(URI.create(dir.startsWith("file:/") && !dir.startsWith("file://") ? "file://" + dir.substring(5) : dir)));
            }
            return dir.contains(":") ? Optional.empty() : Optional.of(Path.of(dir));
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return Optional.empty();
        }
    }
}
