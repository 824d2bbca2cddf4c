package dev.sparkdoc.signals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The Spark version that first has each setting a remedy may propose, from a cited table
 * ({@code config/spark-settings-since.tsv}): a fix never proposes a setting the application's
 * version lacks ({@code spark.sql.pyspark.udf.profiler} to a 3.5 application, say).
 */
public final class SettingVersions {

    private static final SettingVersions BUILT_IN = load();

    /** key → the first version that has it (3.2 → 302) */
    private final Map<String, Integer> since;

    private SettingVersions(Map<String, Integer> since) {
        this.since = since;
    }

    public static SettingVersions builtIn() {
        return BUILT_IN;
    }

    /**
     * Whether a Spark version ({@code 302} for 3.2; 0 when unknown) has the setting. A key the
     * table does not know, or an unknown version, is taken to exist: only a known gap drops a fix.
     */
    public boolean existsIn(String key, int version) {
        Integer first = since.get(key);
        return first == null || version == 0 || version >= first;
    }

    /** The keys the table knows. */
    public Set<String> keys() {
        return since.keySet();
    }

    private static SettingVersions load() {
        String name = "/config/spark-settings-since.tsv";
        Map<String, Integer> since = new HashMap<>();
        try (InputStream in = Objects.requireNonNull(SettingVersions.class.getResourceAsStream(name), name);
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != 3) {
                    throw new IllegalStateException(name + ": expected 3 tab-separated fields: " + line);
                }
                since.put(f[0], AppContext.versionNumber(f[1]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SettingVersions(Map.copyOf(since));
    }
}
