package dev.sparkdoc.source.rest.dto;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Spark always writes collections and never a null inside one, but a proxy, an old version or
 * another implementation of the API may: a null is an absent value, and never handed out.
 */
final class Lists {

    private Lists() {
    }

    /** The list without its null elements; empty when absent. */
    static <T> List<T> orEmpty(List<T> list) {
        if (list == null) {
            return List.of();
        }
        // List.of(...).contains(null) throws: a scan, not contains, works for every list
        return list.stream().anyMatch(Objects::isNull) ? list.stream().filter(Objects::nonNull).toList() : list;
    }

    /** The map without its null values; empty when absent. */
    static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
        if (map == null) {
            return Map.of();
        }
        if (map.values().stream().noneMatch(Objects::isNull)) {
            return map;
        }
        Map<K, V> present = new HashMap<>(map);
        present.values().removeIf(Objects::isNull);
        return present;
    }

    /**
     * A list aligned by position with another (taskSummary's values with its quantiles): a null
     * element stays, as dropping it would shift every value after it to the wrong quantile.
     */
    static <T> List<T> aligned(List<T> list) {
        return list == null ? List.of() : list;
    }
}
