package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Facts about one run of a Structured Streaming query, from its micro-batches' progress (Spark's
 * {@code StreamingQueryProgress}): does it keep up with its input, what part of a batch is slow,
 * does its state grow, how did it end. Rates are read over the last {@link #WINDOW} micro-batches.
 */
public final class StreamSignals {

    /** Micro-batches the rates and growths are read over: recent enough to be the query's present. */
    static final int WINDOW = 20;
    /**
     * A micro-batch that starts within this of the previous one's end ran back to back: the
     * previous overran its trigger (ProcessingTimeExecutor starts the next one at once, "Current
     * batch is falling behind"). The gap is the progress reporting between two batches: tens of
     * milliseconds on an idle driver, more when its threads compete for the cores, hence also
     * {@link #LOGGED_BACK_TO_BACK_SHARE} of the batch (a batch within a tenth of its trigger is
     * nearly overrunning it anyway).
     */
    static final long BACK_TO_BACK_MS = 100;
    static final double LOGGED_BACK_TO_BACK_SHARE = 0.1;
    /**
     * Or, for a batch read live (no named parts: the REST API has no streaming endpoint), within
     * this share of it: such a batch spans its jobs and SQL executions only, without the planning,
     * the offset log's writes and the progress reporting around them, which on a loaded driver
     * took 0.4-1.4 s between 10-16 s batches that ran back to back.
     */
    static final double LIVE_BACK_TO_BACK_SHARE = 0.25;

    /** The largest idle time after {@code before} that still counts as back to back. */
    static long backToBackGapMs(StreamingProgress before) {
        return before.partsMs().isEmpty()
                ? Math.max(BACK_TO_BACK_MS, Math.round(before.durationMs() * LIVE_BACK_TO_BACK_SHARE))
                : Math.max(BACK_TO_BACK_MS, Math.round(before.durationMs() * LOGGED_BACK_TO_BACK_SHARE));
    }

    public static final FactList FACTS = new FactList(ScopeKind.STREAM);
    static final Fact BATCHES = FACTS.count("stream.batches", "micro-batches the query's run reported");
    static final Fact WINDOW_BATCHES = FACTS.count("stream.window",
            "micro-batches the rates, growths and back-to-back share are read over (the last 20, less the run's first)");
    static final Fact BATCH_P50 = FACTS.ms("stream.batch.p50", "median duration of a micro-batch (durationMs.triggerExecution), recent ones");
    static final Fact BATCH_MAX = FACTS.ms("stream.batch.max", "longest micro-batch, recent ones");
    static final Fact TRIGGER = FACTS.ms("stream.trigger",
            "the trigger interval as the batches show it: the common spacing of the batches that started after idle time, each a multiple of it since the epoch"
                    + "; absent when fewer than two did, or they sit on no such grid (the interval is not in the progress)");
    static final Fact TRIGGER_SUGGESTED = FACTS.seconds("stream.trigger.suggested",
            "a processing-time trigger the recent micro-batches would have met: their 90th percentile, rounded up to whole seconds");
    static final Fact BACK_TO_BACK = FACTS.fraction("stream.backToBack",
            "share of recent micro-batches that started as soon as the previous one ended: it overran the trigger");
    static final Fact INPUT_RATE = FACTS.count("stream.rate.input", "rows that arrived per second, recent micro-batches");
    static final Fact PROCESSED_RATE = FACTS.count("stream.rate.processed",
            "rows processed per second of micro-batch, recent micro-batches");
    static final Fact RATE_RATIO = FACTS.ratio("stream.rate.ratio",
            "processed rate over input rate: below 1 the query falls further behind with each batch");
    static final Fact ROWS_GROWTH = FACTS.ratio("stream.rows.growth",
            "input rows of the later half of the recent micro-batches over the earlier half: above 1 each batch takes in more");
    static final Fact ROWS_PER_TRIGGER = FACTS.count("stream.rowsPerTrigger.suggested",
            "rows a micro-batch can take in its suggested trigger at the processed rate, less a fifth for headroom");
    static final Fact OFFSETS_BEHIND = FACTS.count("stream.offsetsBehind",
            "offsets the sources are behind the latest (Kafka's maxOffsetsBehindLatest), last micro-batch");
    static final Fact OFFSETS_BEHIND_GROWTH = FACTS.ratio("stream.offsetsBehind.growth",
            "offsets behind in the last micro-batch over the first recent one");
    static final Fact LAG_GROWTH = FACTS.seconds("stream.lag.growth",
            "seconds of input more waiting after the window's last micro-batch than after its first: the lag the query gained");
    static final Fact RUNNING = FACTS.flag("stream.running", "the query still runs: neither ended nor its application");
    static final Fact SOURCE = FACTS.text("stream.source", "the query's sources (Kafka, files, rate, …), as their descriptions start");
    static final Fact SOURCE_LIMIT = FACTS.text("stream.source.limit",
            "the option that bounds what one micro-batch takes from the source: maxOffsetsPerTrigger (Kafka),"
                    + " maxFilesPerTrigger or maxBytesPerTrigger (files); the rate source has none");
    static final Fact SLOWEST_PART = FACTS.text("stream.part.slowest",
            "the part of a micro-batch that took longest (addBatch: the query itself; getBatch, latestOffset: the source;"
                    + " walCommit, commitOffsets: the checkpoint; queryPlanning)");
    static final Fact SLOWEST_SHARE = FACTS.fraction("stream.part.slowest.share", "the slowest part's share of the micro-batches' time");
    static final Fact STATE_OPERATORS = FACTS.count("stream.state.operators", "stateful operators (aggregations, joins, dedup, …)");
    static final Fact STATE_ROWS = FACTS.count("stream.state.rows", "rows in the state store, last micro-batch");
    static final Fact STATE_MEMORY = FACTS.bytes("stream.state.memory", "memory the state store uses, last micro-batch");
    static final Fact STATE_GROWTH = FACTS.ratio("stream.state.rows.growth",
            "state rows in the last micro-batch over the first recent one that held any");
    static final Fact STATE_GROWING = FACTS.fraction("stream.state.rows.growingShare",
            "share of recent micro-batches after which the state held more rows than before");
    static final Fact STATE_UNBOUNDED = FACTS.flag("stream.state.unbounded",
            "the state grows without bound: rows up in 80% of the recent batch pairs, 1.5 times since the first batch that held any,"
                    + " to 1,000 or more, with no watermark");
    static final Fact STATE_ON_HEAP = FACTS.flag("stream.state.onHeap",
            "the state lives on the JVM heap: the HDFS-backed default store (spark.sql.streaming.stateStore.providerClass not RocksDB)");
    static final Fact STATE_GC_FRACTION = FACTS.fraction("stream.state.gc.fraction",
            "GC time / run time of the tasks of the query run's micro-batches, where its state lives on the heap");
    static final Fact STATE_GC_SECONDS_LOST = FACTS.seconds("stream.state.gc.secondsLost",
            "wall time the query run's micro-batch tasks spent in GC, where its state lives on the heap: their GC time over the app's slots");
    static final Fact WATERMARK = FACTS.flag("stream.watermark", "the query has an event-time watermark (withWatermark)");
    static final Fact FAILED = FACTS.flag("stream.failed", "the run ended with an exception (QueryTerminatedEvent.exception)");
    static final Fact STOPPED = FACTS.flag("stream.stopped", "the run ended without an error: stop(), or the application stopping");
    static final Fact ERROR_EXCEPTION = FACTS.text("stream.error.exception", "the root exception that ended the run");
    static final Fact ERROR_MESSAGE = FACTS.text("stream.error.message", "the root exception's line: class and message");

    private StreamSignals() {
    }

    public static Scope scope(StreamingQuery q) {
        return new Scope(ScopeKind.STREAM, q.id(), q.name());
    }

    /** The state store that keeps state off the heap; any other provider (the default) keeps it on the heap. */
    static final String ROCKSDB_PROVIDER = "RocksDBStateStoreProvider";
    /**
     * State that grows without bound (stream.state.unbounded, which streaming.state-growing reads):
     * rows up in this share of the window's batch pairs, by this factor since the first batch that
     * held any, to at least {@link #UNBOUNDED_MIN_ROWS}, with no watermark to evict old keys.
     */
    static final double UNBOUNDED_GROWING_SHARE = 0.8;
    static final double UNBOUNDED_GROWTH = 1.5;
    static final long UNBOUNDED_MIN_ROWS = 1000;

    static void compute(AppContext ctx, StreamingQuery q, FactSink sink) {
        compute(q, sink);
        sink.put(RUNNING, q.terminated().isEmpty() && !ctx.snapshot().application().completed());
        if (!q.recent().isEmpty() && q.recent().get(q.recent().size() - 1).stateOperators() > 0) {
            boolean onHeap = stateOnHeap(ctx);
            sink.put(STATE_ON_HEAP, onHeap);
            long[] gcRun = gcAndRunMs(ctx, q);
            if (onHeap && gcRun[1] > 0) {
                sink.put(STATE_GC_FRACTION, FactSink.ratio(gcRun[0], gcRun[1]))
                        .put(STATE_GC_SECONDS_LOST, gcRun[0] / (double) Math.max(1, ctx.slots()) / 1000);
            }
        }
    }

    /** The HDFS-backed default keeps every key in a map on the executor's heap; RocksDB keeps it native. */
    static boolean stateOnHeap(AppContext ctx) {
        return ctx.settings().get("spark.sql.streaming.stateStore.providerClass")
                .map(s -> !s.value().contains(ROCKSDB_PROVIDER)).orElse(true);
    }

    /** GC and run time (ms) of the tasks of the run's micro-batches: the stages its batch descriptions name. */
    static long[] gcAndRunMs(AppContext ctx, StreamingQuery q) {
        long gc = 0;
        long run = 0;
        for (var stage : ctx.snapshot().stages()) {
            var batch = dev.sparkdoc.model.MicroBatchDescription.parse(stage.description().orElse(""));
            if (batch.isPresent() && batch.get().runId().equals(q.runId())) {
                gc += stage.totals().jvmGcTimeMs();
                run += stage.totals().executorRunTimeMs();
            }
        }
        return new long[] {gc, run};
    }

    /**
     * A run whose state grows without a watermark on the heap: streaming.state-growing names it,
     * and the GC of its tasks is that state's cost, not the executor's.
     */
    static boolean stateUnboundedOnHeap(AppContext ctx, StreamingQuery q) {
        return stateOnHeap(ctx) && window(q).flatMap(StateGrowth::of).map(StateGrowth::unbounded).orElse(false);
    }

    /** The last {@link #WINDOW} micro-batches; empty before the first. */
    private static Optional<List<StreamingProgress>> window(StreamingQuery q) {
        List<StreamingProgress> recent = q.recent();
        return recent.isEmpty() ? Optional.empty() : Optional.of(recent.subList(Math.max(0, recent.size() - WINDOW), recent.size()));
    }

    /**
     * How a stateful query's state moved over the window: rows at its end, from the first batch
     * that held any (a run starts with an empty state), the share of batch pairs in which it grew.
     */
    record StateGrowth(long rows, long firstRows, OptionalDouble growingShare, boolean watermark) {

        /** Empty when the query has no stateful operator. */
        static Optional<StateGrowth> of(List<StreamingProgress> window) {
            StreamingProgress last = window.get(window.size() - 1);
            if (last.stateOperators() == 0) {
                return Optional.empty();
            }
            int growing = 0;
            for (int i = 1; i < window.size(); i++) {
                if (window.get(i).stateRows() > window.get(i - 1).stateRows()) {
                    growing++;
                }
            }
            long firstRows = window.stream().mapToLong(StreamingProgress::stateRows).filter(r -> r > 0).findFirst().orElse(0);
            OptionalDouble share = window.size() > 1 ? OptionalDouble.of((double) growing / (window.size() - 1)) : OptionalDouble.empty();
            boolean watermark = last.watermark().isPresent() || window.get(0).watermark().isPresent();
            return Optional.of(new StateGrowth(last.stateRows(), firstRows, share, watermark));
        }

        double growth() {
            return FactSink.ratio(rows, firstRows);
        }

        boolean unbounded() {
            return !watermark && growingShare.orElse(0) >= UNBOUNDED_GROWING_SHARE && firstRows > 0
                    && growth() >= UNBOUNDED_GROWTH && rows >= UNBOUNDED_MIN_ROWS;
        }
    }

    static void compute(StreamingQuery q, FactSink sink) {
        sink.put(BATCHES, q.batches());
        ending(q, sink);
        List<StreamingProgress> recent = q.recent();
        if (recent.isEmpty()) {
            return;
        }
        StreamingProgress last = recent.get(recent.size() - 1);
        sink.put(WATERMARK, last.watermark().isPresent() || recent.get(0).watermark().isPresent())
                .put(STATE_OPERATORS, last.stateOperators());
        sources(q.sources(), sink);
        List<StreamingProgress> window = recent.subList(Math.max(0, recent.size() - WINDOW), recent.size());
        durations(window, sink);
        StreamRates.compute(window, q.first(), sink);
        parts(window, sink);
        state(window, sink);
    }

    /** The error that ended the run; empty for a run stopped cleanly or still going. */
    static Optional<String> error(StreamingQuery q) {
        return q.exception().filter(e -> !cleanStop(e));
    }

    /** Ended, and not by an error. */
    static boolean stopped(StreamingQuery q) {
        return q.terminated().isPresent() && error(q).isEmpty();
    }

    private static void ending(StreamingQuery q, FactSink sink) {
        Optional<String> error = error(q);
        sink.put(FAILED, error.isPresent()).put(STOPPED, stopped(q));
        error.ifPresent(text -> {
            Optional<String> root = ExceptionNames.pythonRoot(text).or(() -> ExceptionNames.first(text));
            String line = root.flatMap(name -> text.lines().filter(l -> l.contains(name)).findFirst()
                    .map(l -> l.substring(l.indexOf(name)).strip())).orElse(ExceptionNames.headline(text, ""));
            sink.text(ERROR_EXCEPTION, root.orElse("error"))
                    .text(ERROR_MESSAGE, line.length() <= 240 ? line : line.substring(0, 239) + "…");
        });
    }

    /** A stop that cut a batch short: Spark reports most as no exception, some as the interrupt itself. */
    static boolean cleanStop(String exception) {
        String first = exception.lines().findFirst().orElse("");
        return first.contains("InterruptedException") || first.contains("ClosedByInterruptException")
                || first.contains("was stopped");
    }

    private static void durations(List<StreamingProgress> window, FactSink sink) {
        long[] ms = window.stream().mapToLong(StreamingProgress::durationMs).sorted().toArray();
        sink.put(BATCH_P50, (double) ms[(ms.length - 1) / 2]).put(BATCH_MAX, (double) ms[ms.length - 1])
                .put(TRIGGER_SUGGESTED, (double) suggestedTriggerSeconds(window));
    }

    /** The 90th percentile of the micro-batches' durations, rounded up to whole seconds (at least 1). */
    static long suggestedTriggerSeconds(List<StreamingProgress> window) {
        long[] ms = window.stream().mapToLong(StreamingProgress::durationMs).sorted().toArray();
        return Math.max(1, (ms[(int) Math.ceil(0.9 * ms.length) - 1] + 999) / 1000);
    }

    private static void sources(List<String> sources, FactSink sink) {
        if (sources.isEmpty()) {
            return;   // a live read whose plans named no source scan
        }
        sink.text(SOURCE, String.join(", ", sources.stream().map(StreamSignals::sourceKind).distinct().toList()));
        sources.stream().map(StreamSignals::sourceLimit).flatMap(Optional::stream).findFirst()
                .ifPresent(limit -> sink.text(SOURCE_LIMIT, limit));
    }

    /** The source's kind as its description begins: "KafkaV2[Subscribe[t]]", "FileStreamSource[…]", "RateStreamV2[…]". */
    static String sourceKind(String description) {
        int bracket = description.indexOf('[');
        return (bracket < 0 ? description : description.substring(0, bracket)).strip();
    }

    /** The source option that bounds a micro-batch, or why there is none (Spark's per-source options). */
    static Optional<String> sourceLimit(String description) {
        String d = description.toLowerCase(Locale.ROOT);
        if (d.startsWith("kafka")) {
            return Optional.of("Kafka: maxOffsetsPerTrigger");
        }
        if (d.startsWith("filestreamsource") || d.contains("delta")) {
            return Optional.of("files: maxFilesPerTrigger or maxBytesPerTrigger");
        }
        if (d.startsWith("rate")) {
            return Optional.of("the rate source has no limit: it is a test source, lower its rowsPerSecond");
        }
        return Optional.of("the source's own per-trigger option, if it has one");
    }

    private static void parts(List<StreamingProgress> window, FactSink sink) {
        Map<String, Long> sums = new TreeMap<>();
        long total = 0;
        for (StreamingProgress p : window) {
            total += p.durationMs();
            p.partsMs().forEach((part, ms) -> {
                if (!part.equals("triggerExecution")) {
                    sums.merge(part, ms, Long::sum);
                }
            });
        }
        long all = total;
        sums.entrySet().stream().max(Map.Entry.comparingByValue()).filter(e -> all > 0).ifPresent(e ->
                sink.text(SLOWEST_PART, e.getKey()).put(SLOWEST_SHARE, (double) e.getValue() / all));
    }

    private static void state(List<StreamingProgress> window, FactSink sink) {
        StateGrowth.of(window).ifPresent(g -> {
            sink.put(STATE_ROWS, g.rows()).put(STATE_MEMORY, window.get(window.size() - 1).stateMemoryBytes())
                    .put(STATE_GROWTH, g.growth()).put(STATE_UNBOUNDED, g.unbounded());
            g.growingShare().ifPresent(share -> sink.put(STATE_GROWING, share));
        });
    }
}
