package dev.sparkdoc.spark;

import dev.sparkdoc.fleet.store.LogRows;
import dev.sparkdoc.fleet.store.LogRowsReader;
import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * On an executor: one listed log brought to local disk and read into rows. sparkdoc's readers
 * take local files (codecs by file name, rolling folders by their parts), so a log on HDFS or an
 * object store is copied, under its own name, to a temporary folder that is removed afterwards;
 * a {@code file:} log is read where it is.
 */
final class LogFetch {

    private LogFetch() {
    }

    /** Never throws for a bad log: a log that cannot be copied or read is a row with the reason. */
    static LogRows rows(ListedLog log, Configuration conf) {
        // the path is the row's identity and is shown in reports: no credentials in it
        String shown = Redaction.text(log.path());
        Path source = new Path(log.path());
        if ("file".equals(source.toUri().getScheme())) {
            return LogRowsReader.read(java.nio.file.Path.of(source.toUri()), shown, log.size(), log.modifiedMs());
        }
        java.nio.file.Path temp = null;
        try {
            temp = Files.createTempDirectory("sparkdoc-fleet-");
            java.nio.file.Path local = temp.resolve(source.getName());
            FileSystem fs = source.getFileSystem(conf);
            // raw local file system: no .crc files beside the copy for the reader to trip on
            fs.copyToLocalFile(false, source, new Path(local.toUri()), true);
            return LogRowsReader.read(local, shown, log.size(), log.modifiedMs());
        } catch (IOException | RuntimeException e) {
            return LogRowsReader.failed(shown, log.size(), log.modifiedMs(), "unreadable",
                    Redaction.text("cannot copy the log to the executor: " + e.getClass().getSimpleName() + ": " + e.getMessage()));
        } finally {
            delete(temp);
        }
    }

    private static void delete(java.nio.file.Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<java.nio.file.Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a copy left in the executor's temporary folder is not worth a failed task: the
            // folder goes with the executor
        }
    }
}
