package dev.sparkdoc.source.eventlog.files;

import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Unreadable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The files that make up one event log, in reading order: a single file
 * ({@code <appId>[.codec][.inprogress]}) or a rolling folder
 * ({@code eventlog_v2_<appId>/events_<N>_<appId>[.codec]} plus {@code appstatus_<appId>[.inprogress]},
 * see Spark's {@code RollingEventLogFilesFileReader}), or a Databricks rolled folder ({@code eventlog}
 * plus {@code eventlog-2021-06-15--15-00.gz} pieces: see {@link DatabricksPieces}).
 *
 * @param inProgress   true when the name says Spark was still writing the log
 * @param partsMissing true when a rolling log has gaps in its file indexes
 * @param notes        remarks about the layout for the user
 */
public record EventLogFiles(List<Path> files, boolean inProgress, boolean partsMissing, List<String> notes) {

    public static final String INPROGRESS = ".inprogress";
    public static final String ROLLING_PREFIX = "eventlog_v2_";
    private static final String EVENTS_PREFIX = "events_";
    public static final String STATUS_PREFIX = "appstatus_";

    public EventLogFiles {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    public static EventLogFiles resolve(Path path) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new SourceException("No event log at " + path + ": check the path (Spark writes to spark.eventLog.dir, default /tmp/spark-events)");
        } catch (IOException e) {
            throw Unreadable.file(path, e);
        }
        if (attributes.isRegularFile()) {
            return file(path);
        }
        if (!attributes.isDirectory()) {
            throw Unreadable.notAFile(path);
        }
        if (name(path).startsWith(ROLLING_PREFIX) || !rollingParts(path).isEmpty()) {
            return rolling(path);
        }
        List<Path> pieces = DatabricksPieces.inOrder(list(path));
        if (!pieces.isEmpty()) {
            return new EventLogFiles(pieces, false, false, List.of());
        }
        return single(path);
    }

    /** One file; inside a rolling folder, the status marker is refused and a part is read with a note. */
    private static EventLogFiles file(Path path) {
        Path parent = path.toAbsolutePath().getParent();
        boolean inRolling = parent != null && name(parent).startsWith(ROLLING_PREFIX);
        if (inRolling && name(path).startsWith(STATUS_PREFIX)) {
            throw new SourceException(path + " is the status marker of a rolling event log, not the log: point at"
                    + " its folder " + parent);
        }
        List<String> notes = inRolling && name(path).startsWith(EVENTS_PREFIX)
                ? List.of("one part of the rolling log " + parent + " read: point at the folder to read every part")
                : List.of();
        return new EventLogFiles(List.of(path), name(path).endsWith(INPROGRESS), false, notes);
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
        long compactIndex = parts.stream().filter(RollingPart::compact).mapToLong(RollingPart::index).max().orElse(-1);
        List<RollingPart> kept = parts.stream()
                .filter(p -> p.compact() ? p.index() == compactIndex : p.index() > compactIndex)
                .sorted(Comparator.comparingLong(RollingPart::index).thenComparing(p -> !p.compact())
                        .thenComparing(p -> name(p.path())))
                .toList();
        Sequence sequence = Sequence.of(kept);
        List<Path> files = sequence.files();
        List<String> notes = new ArrayList<>(sequence.notes());
        Optional<Path> status = list(folder).stream().filter(p -> name(p).startsWith(STATUS_PREFIX)).findFirst();
        boolean inProgress = status.map(p -> name(p).endsWith(INPROGRESS)).orElse(true);
        if (status.isEmpty()) {
            notes.add("rolling log folder has no appstatus file: Spark may not have finished creating it");
        }
        if (compactIndex >= 0) {
            notes.add("log was compacted by the History Server: finished jobs and SQL queries before file "
                    + compactIndex + " are missing");
        }
        return new EventLogFiles(files, inProgress, sequence.missing() > 0, notes);
    }

    private record RollingPart(Path path, long index, boolean compact) {
    }

    /**
     * One file per index, in index order (numeric: events_10 after events_9). Spark's reader
     * refuses a folder with a gap ("Found missing event log file"); first aid reads what is
     * there and says what is missing. Two files with one index (a copy, another codec) would
     * replay the same events: the first by name is read.
     */
    private record Sequence(List<Path> files, long missing, String firstGapAfter, long duplicates) {

        static Sequence of(List<RollingPart> sorted) {
            List<Path> files = new ArrayList<>(sorted.size());
            long missing = 0;
            long duplicates = 0;
            String firstGapAfter = "";
            RollingPart previous = null;
            for (RollingPart p : sorted) {
                if (previous != null && p.index() == previous.index()) {
                    duplicates++;
                    continue;
                }
                if (previous != null && p.index() > previous.index() + 1) {
                    firstGapAfter = missing == 0 ? name(previous.path()) : firstGapAfter;
                    missing += p.index() - previous.index() - 1;
                }
                files.add(p.path());
                previous = p;
            }
            return new Sequence(files, missing, firstGapAfter, duplicates);
        }

        List<String> notes() {
            List<String> notes = new ArrayList<>();
            if (missing > 0) {
                notes.add(String.format(Locale.ROOT, "rolling log is missing %,d events_<N> file(s), the first after"
                        + " %s: their events are not counted", missing, firstGapAfter));
            }
            if (duplicates > 0) {
                notes.add(String.format(Locale.ROOT, "%,d events_<N> file(s) repeat an index already read: skipped",
                        duplicates));
            }
            return notes;
        }
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
                long index = Long.parseLong(n.substring(EVENTS_PREFIX.length(), end));
                if (index < 0) {
                    continue;
                }
                parts.add(new RollingPart(p, index, Codec.stripSuffix(n, INPROGRESS).endsWith(".compact")));
            } catch (NumberFormatException notAnIndex) {
                // not one of Spark's files; ignore it like the History Server does
            }
        }
        return parts;
    }

    static List<Path> list(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw Unreadable.folder(folder, e);
        }
    }

    public static String name(Path p) {
        Path n = p.getFileName();
        return n == null ? p.toString() : n.toString();
    }
}
