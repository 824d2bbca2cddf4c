package dev.sparkdoc.source.eventlog.files;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A Databricks cluster's event-log folder: the current piece {@code eventlog} and the pieces it
 * rolled over, {@code eventlog-2021-06-15--15-00.gz} (gzip, named after the hour they were
 * closed). They are one log: the dated pieces in time order, then {@code eventlog}, as the
 * RAPIDS tools' Databricks reader reads them.
 */
final class DatabricksPieces {

    static final String CURRENT = "eventlog";
    /** yyyy-MM-dd--HH-mm: sorting the names sorts the times. */
    private static final Pattern ROLLED = Pattern.compile("eventlog-\\d{4}-\\d{2}-\\d{2}--\\d{2}-\\d{2}(?:\\.gz)?");

    private DatabricksPieces() {
    }

    /** The pieces in reading order; empty when the folder holds no Databricks log. */
    static List<Path> inOrder(List<Path> folderEntries) {
        List<Path> rolled = new ArrayList<>();
        Path current = null;
        for (Path p : folderEntries) {
            if (!Files.isRegularFile(p)) {
                continue;
            }
            String name = EventLogFiles.name(p);
            if (name.equals(CURRENT)) {
                current = p;
            } else if (ROLLED.matcher(name).matches()) {
                rolled.add(p);
            }
        }
        if (rolled.isEmpty()) {
            // a lone "eventlog" is a folder with one log: the caller reads it as such
            return List.of();
        }
        rolled.sort(Comparator.comparing(EventLogFiles::name));
        if (current != null) {
            rolled.add(current);
        }
        return List.copyOf(rolled);
    }
}
