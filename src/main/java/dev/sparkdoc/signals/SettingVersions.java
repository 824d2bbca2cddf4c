package dev.sparkdoc.signals;

import java.util.HashMap;
import java.util.Map;
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
        Map<String, Integer> since = new HashMap<>();
        CitedTable.rows("/config/spark-settings-since.tsv", 3).forEach(f -> since.put(f[0], AppContext.versionNumber(f[1])));
        return new SettingVersions(Map.copyOf(since));
    }
}
