package dev.sparkdoc.signals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Spark's own defaults for the settings sparkdoc reasons about, by the version each took effect
 * ({@code config/spark-defaults.tsv}, with its sources): what an application runs with when it
 * sets nothing.
 */
public final class SparkDefaults {

    /** How two values of a key compare, and how a bare number reads. */
    public enum Kind {
        BOOL, INT, DOUBLE, BYTES, MIB, MS, S, TEXT
    }

    /** One default: {@code value} holds from version {@code since} (3.2 → 302) on. */
    public record Entry(String key, Kind kind, int since, String value, String source) {
    }

    private static final SparkDefaults BUILT_IN = load();

    private final Map<String, List<Entry>> byKey;

    private SparkDefaults(Map<String, List<Entry>> byKey) {
        this.byKey = byKey;
    }

    public static SparkDefaults builtIn() {
        return BUILT_IN;
    }

    /** Every row of the table. */
    List<Entry> entries() {
        return byKey.values().stream().flatMap(List::stream).toList();
    }

    /** How the key's values compare; text when the table does not know it. */
    public Kind kind(String key) {
        List<Entry> rows = byKey.get(key);
        return rows == null ? Kind.TEXT : rows.get(0).kind();
    }

    /**
     * The default in force for a Spark version (302 for 3.2; 0 when unknown, then only a default
     * every version shares): empty when the table does not know the key.
     */
    public Optional<Entry> at(String key, int version) {
        List<Entry> rows = byKey.get(key);
        if (rows == null) {
            return Optional.empty();
        }
        if (version == 0) {
            boolean oneValue = rows.stream().map(Entry::value).distinct().count() == 1;
            return oneValue ? Optional.of(rows.get(0)) : Optional.empty();
        }
        Entry best = null;
        for (Entry e : rows) {
            if (e.since() <= version && (best == null || e.since() > best.since())) {
                best = e;
            }
        }
        return Optional.ofNullable(best);
    }

    /** A key's first default (the row with the lowest version): for a version before the key existed, or unknown. */
    Optional<Entry> first(String key) {
        return byKey.getOrDefault(key, List.of()).stream().min(java.util.Comparator.comparingInt(Entry::since));
    }

    private static SparkDefaults load() {
        Map<String, List<Entry>> byKey = new HashMap<>();
        for (String[] f : CitedTable.rows("/config/spark-defaults.tsv", 5)) {
            Entry e = new Entry(f[0], Kind.valueOf(f[1].toUpperCase(java.util.Locale.ROOT)), AppContext.versionNumber(f[2]), f[3], f[4]);
            byKey.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e);
        }
        return new SparkDefaults(Map.copyOf(byKey));
    }
}
