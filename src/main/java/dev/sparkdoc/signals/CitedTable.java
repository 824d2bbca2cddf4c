package dev.sparkdoc.signals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A tab-separated table of Spark facts shipped as a resource, each row citing its source
 * (Spark's defaults by version, the version that first has a setting): '#' lines are comments.
 */
final class CitedTable {

    private CitedTable() {
    }

    /** The rows of {@code resource}, each of exactly {@code fields} fields; a malformed row is a build error. */
    static List<String[]> rows(String resource, int fields) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = Objects.requireNonNull(CitedTable.class.getResourceAsStream(resource), resource);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != fields) {
                    throw new IllegalStateException(resource + ": expected " + fields + " tab-separated fields: " + line);
                }
                rows.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
