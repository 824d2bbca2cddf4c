package dev.sparkdoc.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Every event log under some folders, as a user would name it: a rolling or Databricks folder stands for its files. */
public final class RealLogs {

    private RealLogs() {
    }

    /** The logs under {@code roots} (missing roots skipped), notes and JSON answers left out, sorted. */
    public static Stream<String> under(List<String> roots) throws IOException {
        List<String> out = new ArrayList<>();
        for (String root : roots) {
            if (!Files.isDirectory(Path.of(root))) {
                continue;
            }
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                files.filter(Files::isRegularFile)
                        .filter(p -> !p.getFileName().toString().endsWith(".md") && !p.getFileName().toString().endsWith(".json"))
                        .map(RealLogs::target)
                        .distinct()
                        .forEach(out::add);
            }
        }
        return out.stream().sorted();
    }

    /** A file of a rolling or Databricks folder stands for its folder. */
    private static String target(Path file) {
        Path parent = file.getParent();
        String name = parent.getFileName().toString();
        return name.startsWith("eventlog_v2_") || name.equals("db_sim_eventlog") ? parent.toString() : file.toString();
    }
}
