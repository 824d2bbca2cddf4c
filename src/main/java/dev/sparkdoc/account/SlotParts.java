package dev.sparkdoc.account;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The slot causes as they add up: milliseconds, the stage that gave most, notes. */
final class SlotParts {

    private final Map<Cause, Double> ms = new EnumMap<>(Cause.class);
    private final Map<Cause, String> top = new EnumMap<>(Cause.class);
    private final Map<Cause, Double> topMs = new EnumMap<>(Cause.class);
    private final Map<Cause, Set<String>> notes = new EnumMap<>(Cause.class);

    void add(Cause cause, double value, String scope) {
        double v = Math.max(0, value);
        ms.merge(cause, v, Double::sum);
        if (v > topMs.getOrDefault(cause, 0.0)) {
            topMs.put(cause, v);
            top.put(cause, scope);
        }
    }

    void note(Cause cause, String note) {
        notes.computeIfAbsent(cause, c -> new TreeSet<>()).add(note);
    }

    /**
     * The parts, rounded to whole milliseconds that still sum to {@code whole}.
     *
     * @param unmeasured the causes the source had no data for: said so in their parts
     */
    List<TimeAccount.Part> parts(long whole, Set<Cause> unmeasured) {
        Map<Cause, Long> rounded = new EnumMap<>(Cause.class);
        Cause largest = Cause.COMPUTE;
        for (Cause c : Cause.values()) {
            if (c.clock() == Cause.Clock.SLOT) {
                rounded.put(c, Math.round(ms.getOrDefault(c, 0.0)));
                largest = rounded.get(c) > rounded.getOrDefault(largest, 0L) ? c : largest;
            }
        }
        long rest = whole - rounded.values().stream().mapToLong(Long::longValue).sum();
        rounded.merge(largest, rest, (a, b) -> Math.max(0, a + b));
        List<TimeAccount.Part> out = new ArrayList<>();
        rounded.forEach((c, v) -> out.add(TimeAccount.Part.of(c, v, top.getOrDefault(c, "app"),
                Optional.ofNullable(notes.get(c)).map(n -> String.join("; ", n)), !unmeasured.contains(c))));
        return out;
    }
}
