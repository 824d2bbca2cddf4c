package dev.sparkdoc.source;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.eventlog.files.Codec;
import dev.sparkdoc.source.eventlog.files.EventLogFiles;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
public final class EndedLog {

    private EndedLog() {
    }

    /** The log that shows the application ended, if there is one here. */
    public static Optional<Path> find(AppSnapshot snap) {
        Optional<Path> dir = localDir(snap.environment().sparkProperty("spark.eventLog.dir").orElse("/tmp/spark-events"));
        if (dir.isEmpty() || !Files.isDirectory(dir.get())) {
            return Optional.empty();
        }
        String name = name(snap.application().id(), snap.application().attemptId());
        for (Codec codec : Codec.values()) {
            Path single = dir.get().resolve(codec == Codec.NONE ? name : name + "." + codec.extension());
            if (Files.isRegularFile(single)) {
                return Optional.of(single);
            }
        }
        Path rolling = dir.get().resolve(EventLogFiles.ROLLING_PREFIX + name);
        return Files.isRegularFile(rolling.resolve(EventLogFiles.STATUS_PREFIX + name)) ? Optional.of(rolling) : Optional.empty();
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
