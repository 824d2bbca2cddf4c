package dev.sparkdoc.source.eventlog.events;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Lines of the plain (uncompressed) real Spark event logs in the test resources. */
final class RealLogLines {

    private RealLogLines() {
    }

    /** The lines wanted of every plain log file in these resource folders, file after file. */
    static List<String> matching(List<String> resourceDirs, Predicate<String> wanted) throws IOException, URISyntaxException {
        List<String> found = new ArrayList<>();
        for (String dir : resourceDirs) {
            try (Stream<Path> files = Files.list(Path.of(RealLogLines.class.getResource(dir).toURI()))) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    byte[] bytes = Files.readAllBytes(f);
                    if (bytes.length == 0 || bytes[0] != '{') {
                        continue;
                    }
                    new String(bytes, StandardCharsets.UTF_8).lines().filter(wanted).forEach(found::add);
                }
            }
        }
        return found;
    }
}
