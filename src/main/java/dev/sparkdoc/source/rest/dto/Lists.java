package dev.sparkdoc.source.rest.dto;

import java.util.List;
import java.util.Map;

/** Spark always writes collections, but a proxy or an old version may not: never hand out null. */
final class Lists {

    private Lists() {
    }

    static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    static <K, V> Map<K, V> orEmpty(Map<K, V> map) {
        return map == null ? Map.of() : map;
    }
}
