package dev.sparkdoc.source.eventlog;

import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The files that make up one event log, in reading order: a single file
 * ({@code <appId>[.codec][.inprogress]}) or a rolling folder
 * ({@code eventlog_v2_<appId>/events_<N>_<appId>[.codec]} plus {@code appstatus_<appId>[.inprogress]},
 * see Spark's {@code RollingEventLogFilesFileReader}).
 *
 * @param inProgress true when the name says Spark was still writing the log
 * @param notes      remarks about the layout for the user
 */
record EventLogFiles(List<Path> files, boolean inProgress, List<String> notes) {

    static final String INPROGRESS = ".inprogress";
    private static final String ROLLING_PREFIX = "eventlog_v2_";
    private static final String EVENTS_PREFIX = "events_";
    private static final String STATUS_PREFIX = "appstatus_";

    EventLogFiles {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    static EventLogFiles resolve(Path path) {
        if (!Files.exists(path)) {
            throw new SourceException("No event log at " + path + ": check the path (Spark writes to spark.eventLog.dir, default /tmp/spark-events)");
        }
        if (Files.isRegularFile(path)) {
            return new EventLogFiles(List.of(path), name(path).endsWith(INPROGRESS), List.of());
        }
        if (!Files.isDirectory(path)) {
            throw new SourceException("Cannot read " + path + ": not a file or folder");
        }
        if (name(path).startsWith(ROLLING_PREFIX) || !rollingParts(path).isEmpty()) {
            return rolling(path);
        }
        return single(path);
    }

    /** A folder that holds exactly one event log (a file or a rolling folder) stands for it. */
    private static EventLogFiles single(Path folder) {
        List<Path> logs = list(folder).stream()
                .filter(p -> !name(p).startsWith("."))
                .filter(p -> Files.isRegularFile(p) || name(p).startsWith(ROLLING_PREFIX))
                .toList();
        if (logs.size() == 1) {
            return resolve(logs.get(0));
        }
        throw new SourceException(logs.isEmpty()
                ? "No event log in folder " + folder + ": point at an event log file or an eventlog_v2_<appId> folder"
                : "Folder " + folder + " holds " + logs.size() + " event logs: point at one of them");
    }

    private static EventLogFiles rolling(Path folder) {
        List<RollingPart> parts = rollingParts(folder);
        if (parts.isEmpty()) {
            throw new SourceException("Rolling event log folder " + folder + " has no events_<N>_<appId> files");
        }
        // A .compact file replaces every file up to its index (the History Server's compactor).
        int compactIndex = parts.stream().filter(RollingPart::compact).mapToInt(RollingPart::index).max().orElse(-1);
        List<Path> files = parts.stream()
                .filter(p -> p.compact() ? p.index() == compactIndex : p.index() > compactIndex)
                .sorted(Comparator.comparingInt(RollingPart::index).thenComparing(p -> !p.compact()))
                .map(RollingPart::path)
                .toList();
        List<String> notes = new ArrayList<>();
        Optional<Path> status = list(folder).stream().filter(p -> name(p).startsWith(STATUS_PREFIX)).findFirst();
        boolean inProgress = status.map(p -> name(p).endsWith(INPROGRESS)).orElse(true);
        if (status.isEmpty()) {
            notes.add("rolling log folder has no appstatus file: Spark may not have finished creating it");
        }
        if (compactIndex >= 0) {
            notes.add("log was compacted by the History Server: finished jobs and SQL queries before file "
                    + compactIndex + " are missing");
        }
        return new EventLogFiles(files, inProgress, notes);
    }

    private record RollingPart(Path path, int index, boolean compact) {
    }

    private static List<RollingPart> rollingParts(Path folder) {
        List<RollingPart> parts = new ArrayList<>();
        for (Path p : list(folder)) {
            String n = name(p);
            if (!n.startsWith(EVENTS_PREFIX) || !Files.isRegularFile(p)) {
                continue;
            }
            int end = n.indexOf('_', EVENTS_PREFIX.length());
            if (end < 0) {
                continue;
            }
            try {
                int index = Integer.parseInt(n.substring(EVENTS_PREFIX.length(), end));
                parts.add(new RollingPart(p, index, Codec.stripSuffix(n, INPROGRESS).endsWith(".compact")));
            } catch (NumberFormatException notAnIndex) {
                // not one of Spark's files; ignore it like the History Server does
            }
        }
        return parts;
    }

    private static List<Path> list(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new SourceException("Cannot list folder " + folder + ": " + e.getMessage(), e);
        }
    }

    static String name(Path p) {
        Path n = p.getFileName();
        return n == null ? p.toString() : n.toString();
    }
}
