package dev.sparkdoc.signals;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one registry of every fact rules may use, with its scope, unit and meaning. Each signal
 * class declares its own facts; this joins them.
 */
public final class FactCatalog {

    private static final Map<String, FactDef> BY_NAME = new LinkedHashMap<>();

    static {
        Stream.of(AppSignals.FACTS, ConfigSignals.FACTS, JobSignals.FACTS, StageSignals.FACTS,
                        ExecutorSignals.FACTS, SqlSignals.FACTS, ProcessSignals.FACTS)
                .flatMap(List::stream)
                .forEach(def -> {
                    if (BY_NAME.put(def.name(), def) != null) {
                        throw new IllegalStateException("fact defined twice: " + def.name());
                    }
                });
    }

    private FactCatalog() {
    }

    public static Optional<FactDef> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static List<FactDef> all() {
        return List.copyOf(BY_NAME.values());
    }

    /** " (did you mean x?)" for a misspelt fact, or "". */
    public static String suggestion(String name) {
        return BY_NAME.keySet().stream()
                .min(Comparator.comparingInt(k -> distance(k, name)))
                .filter(k -> distance(k, name) <= Math.max(3, name.length() / 4))
                .map(k -> " (did you mean " + k + "?)")
                .orElse("");
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
