package dev.sparkdoc.diff;

import java.util.Comparator;
import java.util.List;

/**
 * The order of a diff: significant changes before noise; among them new failures first (a run
 * that fails has no comparable time, the failure is the difference), then what made the run
 * slower by the seconds it explains (plan changes among them, whatever their sign: a changed
 * plan is the cause of its stages' times), then the changes that have no time of their own
 * (versions, properties, executors, findings), then what got faster.
 */
final class Ranking {

    private static final Comparator<Change> ORDER = Comparator
            .comparing((Change c) -> !c.significant())
            .thenComparingInt(Ranking::tier)
            .thenComparingDouble(Ranking::within)
            .thenComparingInt(c -> c.kind().ordinal());

    private Ranking() {
    }

    static List<Change> rank(List<Change> changes) {
        return changes.stream().sorted(ORDER).toList();
    }

    private static int tier(Change c) {
        if (c.kind() == ChangeKind.FAILURE) {
            return 0;
        }
        if (c.secondsExplained().isEmpty()) {
            return 2;
        }
        return c.kind() == ChangeKind.PLAN || c.secondsExplained().get() > 0 ? 1 : 3;
    }

    /** Most seconds first among the slower; most seconds saved first among the faster. */
    private static double within(Change c) {
        double s = c.secondsExplained().orElse(0.0);
        return tier(c) == 1 ? -Math.max(0, s) : s;
    }
}
