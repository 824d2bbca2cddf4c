package dev.sparkdoc.fleet;

import dev.sparkdoc.fleet.store.ApplicationRow;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.model.Application;
import dev.sparkdoc.model.ListedApplication;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The event logs of a folder laid out as {@code spark.eventLog.dir}: each file, and each rolling
 * {@code eventlog_v2_} folder, at its top level, newest first. Hidden files (Spark's {@code .crc}
 * checksums) and files that are plainly something else (notes, scripts, JSON) are left out, as the
 * History Server leaves them; any other file is tried, and a row says why it could not be read.
 */
public final class EventLogDir {

    /** One log as listed: for a rolling folder, its parts' total size and newest modification. */
    public record LogFile(Path path, long size, long modifiedMs) implements FleetLog {

        @Override
        public String listed() {
            return path.toString();
        }

        /** The store's key: the same path with the same size and modification time. */
        @Override
        public boolean storedAsIs(Map<String, FleetStore.Seen> seen) {
            return new FleetStore.Seen(size, modifiedMs).equals(seen.get(listed()));
        }

        @Override
        public Read read(LogRowsReader reader, Severity minimum) {
            Diagnosis[] read = new Diagnosis[1];
            LogRows rows = reader.rows(path, listed(), size, modifiedMs, d -> read[0] = d);
            FleetEntry entry = read[0] == null
                    ? FleetEntry.unreadable(problem(rows.application()), rows.application().status() + ": " + rows.application().reason())
                    : FleetEntry.read(listed(read[0].snapshot().application()), read[0], minimum);
            return new Read(rows, entry);
        }

        private ListedApplication listed(Application a) {
            return new ListedApplication(a.id(), a.attemptId(), a.name(), a.sparkVersion(),
                    a.knownStartTime().orElse(Instant.ofEpochMilli(modifiedMs)), a.endTime(), a.completed());
        }

        private ListedApplication problem(ApplicationRow row) {
            return new ListedApplication(path.getFileName().toString(), Optional.empty(), "", Optional.empty(),
                    Instant.ofEpochMilli(row.logModifiedMs()), Optional.empty(), false);
        }
    }

    private static final Set<String> OTHER = Set.of("md", "txt", "json", "yaml", "yml", "csv", "html", "xml", "properties",
            "conf", "sh", "py", "jar", "tmp", "crc", "db", "jsonl", "sql", "log");

    private EventLogDir() {
    }

    /**
     * @param since only logs modified at or after this instant (a log is written up to its application's end)
     * @param limit the newest {@code limit} logs
     * @throws IOException when the folder itself cannot be listed
     */
    public static List<LogFile> list(Path dir, Optional<Instant> since, int limit) throws IOException {
        List<LogFile> out = new ArrayList<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                candidate(p).ifPresent(out::add);
            }
        }
        long from = since.map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
        return out.stream()
                .filter(f -> f.modifiedMs() >= from)
                .sorted(Comparator.comparingLong(LogFile::modifiedMs).reversed().thenComparing(f -> f.path().toString()))
                .limit(limit)
                .toList();
    }

    private static Optional<LogFile> candidate(Path p) throws IOException {
        String name = p.getFileName().toString();
        if (name.startsWith(".") || name.startsWith("_")) {
            return Optional.empty();
        }
        BasicFileAttributes attrs = Files.readAttributes(p, BasicFileAttributes.class);
        if (attrs.isDirectory()) {
            return name.startsWith("eventlog_v2_") ? Optional.of(rolling(p, attrs)) : Optional.empty();
        }
        if (!attrs.isRegularFile()) {
            return Optional.empty();
        }
        String base = name.endsWith(".inprogress") ? name.substring(0, name.length() - ".inprogress".length()) : name;
        int dot = base.lastIndexOf('.');
        if (dot > 0 && OTHER.contains(base.substring(dot + 1).toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        return Optional.of(new LogFile(p, attrs.size(), attrs.lastModifiedTime().toMillis()));
    }

    /** A rolling log grows by new parts: its size and time are its parts' (a folder unreadable to us is a row). */
    private static LogFile rolling(Path folder, BasicFileAttributes attrs) {
        long size = 0;
        long modified = attrs.lastModifiedTime().toMillis();
        try (Stream<Path> parts = Files.list(folder)) {
            for (Path part : (Iterable<Path>) parts::iterator) {
                if (part.getFileName().toString().startsWith(".")) {
                    continue;
                }
                BasicFileAttributes a = Files.readAttributes(part, BasicFileAttributes.class);
                size += a.size();
                modified = Math.max(modified, a.lastModifiedTime().toMillis());
            }
        } catch (IOException e) {
            // no access to the folder: listed as it is, and its row will say permission denied
            return new LogFile(folder, 0, modified);
        }
        return new LogFile(folder, size, modified);
    }
}
