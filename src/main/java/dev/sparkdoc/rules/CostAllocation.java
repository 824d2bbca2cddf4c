package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.signals.TimeSignals;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Shares each part of the time account among the findings that claim it, costliest first, so
 * that no two findings claim the same seconds: the findings on one part never sum above it, and
 * no finding claims more than the application's wall time.
 *
 * <p>A finding's seconds are the wall-clock seconds its problem is estimated to cost the
 * application. A wall part (driver only, waiting, stages running) bounds them by its own seconds.
 * A slot part (GC, failed attempts, idle tails, …) bounds them by its slot-seconds: a wall second
 * lost to a slot cause is a second in which at least one slot spent its time on that cause (the
 * slot in GC, the slots idle behind a stage's slowest task), so the part's slot-seconds are the
 * most its findings together can have cost.
 */
final class CostAllocation {

    /** Seconds each part can still give, by its fact. */
    private final Map<Fact, Double> left = new HashMap<>();
    private final Optional<Double> wallSeconds;

    private CostAllocation(Optional<ScopeFacts> app) {
        Optional<Double> wall = app.flatMap(CostAllocation::wallMs).map(ms -> ms / 1000);
        this.wallSeconds = wall.or(() -> app.flatMap(a -> ms(a, dev.sparkdoc.signals.AppSignals.DURATION)).map(ms -> ms / 1000));
        if (wall.isPresent() && app.isPresent()) {
            for (String id : TimeSignals.partIds()) {
                Fact part = TimeSignals.part(id).orElseThrow();
                app.get().value(part).ifPresent(ms -> left.put(part, ms / 1000));
            }
        }
    }

    /**
     * The findings with their seconds bounded: each part given to its claimants costliest first
     * (a finding gets what it claims or what its part has left). Without an account (no start
     * time) a finding is bounded by the wall time alone.
     *
     * @param app the application's facts (its account's parts), when known
     */
    static List<Finding> allocate(List<Finding> findings, Optional<ScopeFacts> app) {
        return new CostAllocation(app).bound(findings);
    }

    private List<Finding> bound(List<Finding> findings) {
        Map<Finding, Finding> bounded = new IdentityHashMap<>();
        List<Finding> costliest = new ArrayList<>(findings);
        costliest.sort(Comparator.comparingDouble(Finding::secondsLost).reversed().thenComparing(RuleEngine.RANKING));
        for (Finding f : costliest) {
            double claim = f.secondsLost();
            Optional<Fact> part = f.part().flatMap(TimeSignals::part).filter(left::containsKey);
            if (f.costMeasured() && part.isPresent()) {
                double granted = Math.min(claim, left.get(part.get()));
                left.put(part.get(), left.get(part.get()) - granted);
                claim = granted;
            }
            double wall = wallSeconds.orElse(Double.MAX_VALUE);
            bounded.put(f, f.withSecondsLost(Math.max(0, Math.min(claim, wall))));
        }
        return findings.stream().map(bounded::get).toList();
    }

    /** The account's wall time: the sum of its wall parts; empty when the app has no account. */
    private static Optional<Double> wallMs(ScopeFacts app) {
        double sum = 0;
        for (Fact part : TimeSignals.wallParts()) {
            OptionalDouble v = app.value(part);
            if (v.isEmpty()) {
                return Optional.empty();
            }
            sum += v.getAsDouble();
        }
        return Optional.of(sum);
    }

    private static Optional<Double> ms(ScopeFacts facts, Fact fact) {
        OptionalDouble v = facts.value(fact);
        return v.isPresent() ? Optional.of(fact.unit().seconds(v.getAsDouble()) * 1000) : Optional.empty();
    }
}
