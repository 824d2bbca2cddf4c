package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.Stage;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether AQE could merge a stage's small partitions, and why not: Spark's
 * CoalesceShufflePartitions merges only the partitions of a shuffle read, never those of a user's
 * {@code repartition(n)} (REPARTITION_BY_NUM), and only with AQE and its coalescing on. A stage
 * that reads input splits files by {@code spark.sql.files.maxPartitionBytes} instead.
 */
final class AqeCoalesce {

    static final FactList FACTS = new FactList(ScopeKind.STAGE);
    static final Fact READS_SHUFFLE = FACTS.flag("stage.readsShuffle",
            "the stage reads shuffle data: its partition count is spark.sql.shuffle.partitions (or a repartition's), which AQE can merge");
    static final Fact BLOCKED = FACTS.flag("stage.aqe.coalesce.blocked",
            "something keeps AQE from merging this stage's partitions: input rather than a shuffle, a user's repartition(n), AQE or its coalescing off");
    static final Fact WHY_NOT = FACTS.text("stage.aqe.coalesce.whyNot",
            "what keeps AQE from merging this stage's partitions, each reason with its setting and origin");

    static final Fact COALESCED = FACTS.flag("stage.aqe.coalesced",
            "AQE merged this stage's shuffle partitions: it ran fewer tasks than spark.sql.shuffle.partitions in force, so raising that changes nothing");
    static final Fact SMALLER_ADVISORY = FACTS.bytes("stage.aqe.smallerAdvisory",
            "a quarter of the stage's bytes per task (at least 1 MiB): the partition size to ask AQE for, so each task's data fits");

    /** AQE's advisory size is a target, not a cap; a quarter of today's partitions is a step that shows. */
    private static final long MIN_ADVISORY = 1L << 20;

    private AqeCoalesce() {
    }

    /** The stage read a shuffle (bytes or records): its partitions are spark.sql.shuffle.partitions', which AQE coalesces. */
    static boolean readsShuffle(Stage stage) {
        return stage.totals().shuffleReadBytes() > 0 || stage.totals().shuffleReadRecords() > 0;
    }

    static void compute(Settings settings, Stage stage, boolean userPartitions, FactSink sink) {
        boolean shuffle = readsShuffle(stage);
        sink.put(READS_SHUFFLE, shuffle);
        if (settings == Settings.NONE) {
            return;
        }
        List<String> why = new ArrayList<>();
        if (!shuffle) {
            why.add("this stage reads input, not a shuffle: AQE merges only shuffle partitions, and input is split by "
                    + settings.shown("spark.sql.files.maxPartitionBytes", settings.get("spark.sql.files.maxPartitionBytes")
                            .map(Setting::value).orElse("128m")) + " and the files");
        } else if (userPartitions) {
            why.add("the query's repartition(n) sets this count: AQE does not merge a user's repartition");
        } else {
            settings.get("spark.sql.adaptive.enabled").filter(s -> s.value().equalsIgnoreCase("false"))
                    .ifPresent(s -> why.add("AQE is off: " + s.display()));
            settings.get("spark.sql.adaptive.coalescePartitions.enabled").filter(s -> s.value().equalsIgnoreCase("false"))
                    .ifPresent(s -> why.add("its coalescing is off: " + s.display()));
        }
        sink.put(BLOCKED, !why.isEmpty());
        int partitions = settings.get("spark.sql.shuffle.partitions").map(x -> parseInt(x.value())).orElse(0);
        boolean coalesced = shuffle && why.isEmpty() && stage.tasks().total() > 0 && stage.tasks().total() < partitions;
        sink.put(COALESCED, coalesced);
        if (coalesced) {
            double perTask = (double) (stage.totals().shuffleReadBytes() + stage.totals().inputBytes()) / stage.tasks().total();
            sink.put(SMALLER_ADVISORY, Math.max(MIN_ADVISORY, (long) (perTask / 4)));
        }
        if (!why.isEmpty()) {
            sink.text(WHY_NOT, String.join("; ", why));
        }
    }

    private static int parseInt(String v) {
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
