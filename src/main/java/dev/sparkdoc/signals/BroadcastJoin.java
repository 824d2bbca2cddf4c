package dev.sparkdoc.signals;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Why Spark did not broadcast the small side of a sort-merge join, from the settings in force for
 * the query: the planner broadcasts a side whose <em>estimated</em> size is under
 * {@code spark.sql.autoBroadcastJoinThreshold}; AQE re-plans with the side's real size (the
 * shuffle's {@code data size}, uncompressed) against {@code spark.sql.adaptive.autoBroadcastJoinThreshold}
 * (Spark 3.2+, else the same threshold); and neither can broadcast a side the join type needs to
 * stream (a left outer join broadcasts only its right side, a full outer join neither).
 */
final class BroadcastJoin {

    static final FactList FACTS = new FactList(ScopeKind.SQL);
    static final Fact SIDE_ALLOWED = FACTS.flag("sql.join.broadcast.sideAllowed",
            "the join type lets Spark broadcast the small side: an inner join either side, a left outer/semi/anti join"
                    + " its right, a right outer join its left, a full outer join neither");
    static final Fact THRESHOLD_COVERS = FACTS.flag("sql.join.broadcast.thresholdCovers",
            "the broadcast threshold in force is at least the small side's real size (AQE's runtime one where AQE is on):"
                    + " raising it changes nothing");
    static final Fact JOIN_TYPE = FACTS.text("sql.join.type", "the join type of the sort-merge join with the smallest side (Inner, LeftOuter, …)");
    static final Fact WHY_NOT = FACTS.text("sql.join.broadcast.whyNot",
            "why Spark shuffled the small side instead of broadcasting it, each reason with its setting and origin");

    static final String THRESHOLD = "spark.sql.autoBroadcastJoinThreshold";
    static final String AQE_THRESHOLD = "spark.sql.adaptive.autoBroadcastJoinThreshold";
    private static final long DEFAULT_THRESHOLD = 10L << 20;

    private BroadcastJoin() {
    }

    /**
     * @param detail the join operator as Spark prints it ({@code SortMergeJoin [k#1L], [k#5L], LeftOuter})
     * @param smallIsLeft whether the small side is the join's first (left) child
     */
    static void compute(Settings settings, String detail, boolean smallIsLeft, long small, FactSink sink) {
        Optional<String> type = joinType(detail);
        type.ifPresent(t -> sink.text(JOIN_TYPE, t));
        boolean allowed = type.map(t -> allowed(t, smallIsLeft)).orElse(true);
        sink.put(SIDE_ALLOWED, allowed);
        if (settings == Settings.NONE) {
            return;
        }
        List<String> why = new ArrayList<>();
        String size = ByteFormat.of(small);
        if (!allowed) {
            why.add("a " + type.get() + " join cannot broadcast its " + (smallIsLeft ? "left" : "right")
                    + " side, the small one here: no threshold or hint changes that");
        }
        long threshold = settings.bytes(THRESHOLD, DEFAULT_THRESHOLD);
        if (threshold < 0) {
            why.add("automatic broadcast is off: " + settings.shown(THRESHOLD, "-1"));
        } else if (small > threshold) {
            why.add("the small side (" + size + ") is over " + settings.shown(THRESHOLD, ByteFormat.of(threshold)));
        } else {
            why.add("the small side (" + size + ") is under " + settings.shown(THRESHOLD, ByteFormat.of(threshold))
                    + ", so the planner's estimate of it was over: it plans from file sizes and statistics, before filters"
                    + " and aggregations shrink the data");
        }
        boolean aqe = settings.bool("spark.sql.adaptive.enabled", true);
        long runtime = settings.get(AQE_THRESHOLD).isPresent() ? settings.bytes(AQE_THRESHOLD, threshold) : threshold;
        if (!aqe) {
            why.add("AQE, which re-plans the join with the real size, is off: "
                    + settings.get("spark.sql.adaptive.enabled").map(Setting::display).orElse("spark.sql.adaptive.enabled = false"));
        } else if (settings.get(AQE_THRESHOLD).isPresent()) {
            if (runtime < 0) {
                why.add("AQE's runtime broadcast is off: " + settings.shown(AQE_THRESHOLD, "-1"));
            } else if (small > runtime) {
                why.add("at runtime AQE saw " + size + ", over " + settings.shown(AQE_THRESHOLD, ByteFormat.of(runtime)));
            }
        } else if (threshold >= 0 && small <= threshold && allowed) {
            why.add("AQE saw the real size at runtime and kept the shuffle: look for a MERGE or SHUFFLE_HASH hint, or a side"
                    + " of mostly empty partitions (spark.sql.adaptive.nonEmptyPartitionRatioForBroadcastJoin)");
        }
        long effective = aqe ? runtime : threshold;
        sink.put(THRESHOLD_COVERS, effective >= 0 && small <= effective);
        sink.text(WHY_NOT, String.join("; ", why));
    }

    /** {@code SortMergeJoin [key#10L], [key#14L], LeftOuter} → LeftOuter; Spark 4 may add {@code , isSkewJoin=true} etc. */
    static Optional<String> joinType(String detail) {
        for (String part : detail.split(",\\s*")) {
            String p = part.strip();
            int space = p.indexOf(' ');
            String word = space < 0 ? p : p.substring(0, space);
            if (TYPES.contains(word)) {
                return Optional.of(word);
            }
        }
        return Optional.empty();
    }

    private static final List<String> TYPES = List.of("Inner", "Cross", "LeftOuter", "RightOuter", "FullOuter", "LeftSemi",
            "LeftAnti", "ExistenceJoin");

    private static boolean allowed(String type, boolean smallIsLeft) {
        return switch (type.toLowerCase(Locale.ROOT)) {
            case "inner", "cross" -> true;
            case "rightouter" -> smallIsLeft;
            case "fullouter" -> false;
            default -> !smallIsLeft;   // left outer, semi, anti, existence: only the right side
        };
    }
}
