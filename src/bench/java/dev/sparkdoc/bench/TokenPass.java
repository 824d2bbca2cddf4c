package dev.sparkdoc.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The parse ceiling: one Jackson streaming parser over the whole log, tokens only (no field
 * values read, no objects built), on one thread. A rolling folder's zstd files are read in
 * order, decompressed on the same thread.
 *
 * <pre>java TokenPass LOG_FILE_OR_ROLLING_FOLDER</pre>
 */
public final class TokenPass {

    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(path)) {
            try (Stream<Path> s = Files.list(path)) {
                s.filter(p -> p.getFileName().toString().startsWith("events_"))
                        .sorted((a, b) -> Integer.compare(index(a), index(b))).forEach(files::add);
            }
        } else {
            files.add(path);
        }
        long t0 = System.nanoTime();
        JsonFactory json = new JsonFactory();
        long tokens = 0;
        for (Path file : files) {
            InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            InputStream in = file.toString().endsWith(".zstd") ? new ZstdInputStream(raw) : raw;
            try (JsonParser p = json.createParser(in)) {
                while (p.nextToken() != null) {
                    tokens++;
                }
            }
        }
        System.out.printf("token-pass: %,d tokens in %.2f s%n", tokens, (System.nanoTime() - t0) / 1e9);
    }

    private static int index(Path p) {
        String n = p.getFileName().toString();
        return Integer.parseInt(n.substring("events_".length(), n.indexOf('_', "events_".length())));
    }
}
