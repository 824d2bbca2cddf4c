package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.SqlExecution.PlanNode;
import dev.sparkdoc.model.Stage;
import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Files a query read and wrote, from its scan and write nodes' SQL metrics ("number of files
 * read", "size of files read"; "number of written files", "written output"). Task counts do not
 * tell small files: Spark packs files into read tasks up to spark.sql.files.maxPartitionBytes,
 * counting each file as spark.sql.files.openCostInBytes more (FilePartition.maxSplitBytes), so
 * 2,000 files of 2 KB read in a few dozen tasks. Spark fills these metrics when the query ends.
 */
public final class FileSignals {

    public static final FactList FACTS = new FactList(ScopeKind.SQL);
    public static final Fact READ_FILES = FACTS.count("sql.files.read.count", "files the query's scans read (number of files read)");
    public static final Fact READ_BYTES = FACTS.bytes("sql.files.read.bytes", "bytes of those files (size of files read)");
    public static final Fact READ_PER_FILE = FACTS.bytes("sql.files.read.perFile", "bytes per file read");
    public static final Fact READ_SECONDS_LOST = FACTS.seconds("sql.files.read.secondsLost",
            "the reading stages' task time over the slots × the share Spark's own cost model gives opening files: "
                    + "files × openCostInBytes / (files × openCostInBytes + bytes)");
    public static final Fact WRITTEN_FILES = FACTS.count("sql.files.written.count", "files the query wrote (number of written files)");
    public static final Fact WRITTEN_BYTES = FACTS.bytes("sql.files.written.bytes", "bytes written to them (written output)");
    public static final Fact WRITTEN_PER_FILE = FACTS.bytes("sql.files.written.perFile", "bytes per file written");
    public static final Fact WRITTEN_SECONDS_LOST = FACTS.seconds("sql.files.written.secondsLost",
            "the writing stages' task time over the slots × files × openCostInBytes / (files × openCostInBytes + bytes)");
    public static final Fact WRITTEN_SUGGESTED_FILES = FACTS.count("sql.files.written.suggestedFiles",
            "files of ~128 MiB for the bytes written, at least one per slot when there are bytes for it");
    public static final Fact OPEN_COST = FACTS.bytes("sql.files.openCost", "the app's spark.sql.files.openCostInBytes (default 4 MiB)");

    private FileSignals() {
    }

    static void compute(AppContext ctx, SqlExecution sql, FactSink sink) {
        long openCost = Math.max(1, ctx.settings().bytes("spark.sql.files.openCostInBytes"));
        sink.put(OPEN_COST, openCost);
        List<Stage> stages = ctx.stagesOfQuery(sql);
        Optional<Long> read = total(sql, "number of files read");
        if (read.isPresent() && read.get() > 0) {
            long bytes = total(sql, "size of files read").orElse(0L);
            sink.put(READ_FILES, read.get()).put(READ_BYTES, bytes).put(READ_PER_FILE, (double) bytes / read.get())
                    .put(READ_SECONDS_LOST, secondsLost(ctx, stages, s -> s.totals().inputBytes(), read.get(), bytes, openCost));
        }
        Optional<Long> written = total(sql, "number of written files");
        if (written.isPresent() && written.get() > 0) {
            long bytes = total(sql, "written output").orElse(0L);
            long byBytes = (long) Math.ceil((double) bytes / StageSignals.TARGET_PARTITION_BYTES);
            long perSlot = Math.min(ctx.slots(), Math.max(1, bytes / (StageSignals.TARGET_PARTITION_BYTES / 8)));
            sink.put(WRITTEN_FILES, written.get()).put(WRITTEN_BYTES, bytes).put(WRITTEN_PER_FILE, (double) bytes / written.get())
                    .put(WRITTEN_SECONDS_LOST, secondsLost(ctx, stages, s -> s.totals().outputBytes(), written.get(), bytes, openCost))
                    .put(WRITTEN_SUGGESTED_FILES, Math.max(1, Math.max(byBytes, perSlot)));
        }
    }

    /**
     * Spark's planner prices a file at its bytes plus openCostInBytes; that share of the stages'
     * measured time is what the files' count cost. Bounded by the time the stages really took.
     */
    private static double secondsLost(AppContext ctx, List<Stage> stages, ToLongFunction<Stage> bytesOf,
            long files, long bytes, long openCost) {
        long taskMs = stages.stream().filter(s -> bytesOf.applyAsLong(s) > 0).mapToLong(s -> s.totals().executorRunTimeMs()).sum();
        double overhead = (double) files * openCost;
        return taskMs / 1000.0 / ctx.slots() * overhead / (overhead + bytes);
    }

    private static Optional<Long> total(SqlExecution sql, String metric) {
        long sum = 0;
        boolean any = false;
        for (PlanNode node : sql.nodes()) {
            Optional<Long> v = PlanGraph.metric(node, metric);
            if (v.isPresent()) {
                sum += v.get();
                any = true;
            }
        }
        return any ? Optional.of(sum) : Optional.empty();
    }
}
