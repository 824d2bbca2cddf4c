package dev.sparkdoc.source.eventlog.fold;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Events read but not modelled because they lack what would place them: an ExecutorAdded with
 * an empty or missing id would create executor "", a JobEnd whose JobStart never came a job
 * with no stages, name or start. They are counted, for one note, and never guessed at.
 */
public final class SkippedEvents {

    private final Map<String, Long> byWhat = new LinkedHashMap<>();

    /** @param what the event and what it lacks, e.g. "ExecutorAdded without an executor id" */
    void add(String what) {
        byWhat.merge(what, 1L, Long::sum);
    }

    public long total() {
        return byWhat.values().stream().mapToLong(Long::longValue).sum();
    }

    /** One note, e.g. "3 event(s) skipped as incomplete: 2 ExecutorAdded without an executor id, …"; none when nothing was. */
    public List<String> notes() {
        if (byWhat.isEmpty()) {
            return List.of();
        }
        List<String> parts = new ArrayList<>();
        byWhat.forEach((what, n) -> parts.add(String.format(Locale.ROOT, "%,d %s", n, what)));
        return List.of(String.format(Locale.ROOT, "%,d event(s) skipped as incomplete, not modelled: %s", total(),
                String.join(", ", parts)));
    }
}
