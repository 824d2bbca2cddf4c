package dev.sparkdoc.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The event logs of a folder, listed through Hadoop's FileSystem so that every scheme the cluster
 * has a connector for works (file, hdfs, s3a, gs, abfs). The folder is read as Spark's History
 * Server reads {@code spark.history.fs.logDirectory}: one level, each file a log, each
 * {@code eventlog_v2_*} folder one rolling log; other folders and hidden files are not logs.
 */
final class EventLogListing {

    /** The prefix Spark gives a rolling event log's folder (RollingEventLogFilesWriter). */
    static final String ROLLING_PREFIX = "eventlog_v2_";

    private EventLogListing() {
    }

    /**
     * @param sinceMs only logs modified at or after it
     * @throws IllegalArgumentException when the folder does not exist or is a file
     */
    static List<ListedLog> list(String events, Configuration conf, OptionalLong sinceMs) {
        Path dir = new Path(events);
        try {
            FileSystem fs = dir.getFileSystem(conf);
            FileStatus[] entries;
            try {
                entries = fs.listStatus(dir);
            } catch (FileNotFoundException e) {
                throw new IllegalArgumentException("--events " + events + ": no such folder; give the folder of the event logs "
                        + "(spark.eventLog.dir)");
            }
            if (entries.length == 1 && entries[0].isFile() && entries[0].getPath().equals(fs.makeQualified(dir))) {
                throw new IllegalArgumentException("--events " + events + " is a file; give the folder that holds the event logs");
            }
            List<ListedLog> logs = new ArrayList<>();
            for (FileStatus entry : entries) {
                listed(fs, entry)
                        .filter(log -> sinceMs.isEmpty() || log.modifiedMs() >= sinceMs.getAsLong())
                        .ifPresent(logs::add);
            }
            logs.sort(Comparator.comparing(ListedLog::path));
            return logs;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + events + ": " + e.getMessage(), e);
        }
    }

    private static Optional<ListedLog> listed(FileSystem fs, FileStatus entry) throws IOException {
        String name = entry.getPath().getName();
        if (hidden(name)) {
            return Optional.empty();
        }
        if (entry.isFile()) {
            return Optional.of(new ListedLog(entry.getPath().toString(), entry.getLen(), entry.getModificationTime()));
        }
        if (!name.startsWith(ROLLING_PREFIX)) {
            return Optional.empty();
        }
        long size = 0;
        long modified = entry.getModificationTime();
        for (FileStatus file : fs.listStatus(entry.getPath())) {
            // its events_N_ parts and appstatus_ marker; not a checksum or other hidden file beside them
            if (file.isFile() && !hidden(file.getPath().getName())) {
                size += file.getLen();
                modified = Math.max(modified, file.getModificationTime());
            }
        }
        return Optional.of(new ListedLog(entry.getPath().toString(), size, modified));
    }

    /** Hadoop's convention (FileInputFormat's hidden-file filter): ".crc" checksums, "_SUCCESS" markers. */
    private static boolean hidden(String name) {
        return name.startsWith(".") || name.startsWith("_");
    }
}
