package dev.sparkdoc.source.eventlog.events;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Spark's ExecutorMetrics names (JVMHeapMemory, ProcessTreePythonRSSMemory, …) numbered in the
 * order they are first seen, so peaks can be kept in arrays. New names (Spark adds some in
 * minor releases, e.g. ConcurrentGCTime in 4.0) simply get the next number. Shared by the
 * parallel reader's parsing threads: lookups are lock-free, only a new name takes the lock.
 */
public final class ExecutorMetricNames {

    private final Map<String, Integer> indexByName = new ConcurrentHashMap<>();
    private final List<String> names = new CopyOnWriteArrayList<>();

    public int indexOf(String name) {
        Integer idx = indexByName.get(name);
        return idx != null ? idx : add(name);
    }

    private synchronized int add(String name) {
        Integer idx = indexByName.get(name);
        if (idx != null) {
            return idx;
        }
        int next = names.size();
        names.add(name);
        indexByName.put(name, next);
        return next;
    }

    public String name(int index) {
        return names.get(index);
    }

    public int size() {
        return names.size();
    }
}
