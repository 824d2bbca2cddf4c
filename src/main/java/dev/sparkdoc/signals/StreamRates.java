package dev.sparkdoc.signals;

import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.model.StreamingProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a streaming query keeps up: rows in per second of wall clock against rows processed per
 * second of micro-batch, over pairs of consecutive micro-batches (Spark's own inputRowsPerSecond
 * and processedRowsPerSecond, summed before dividing so a tiny batch does not weigh as a big one).
 * The run's first micro-batch is left out: it has no predecessor, and it carries the query's start-up.
 */
final class StreamRates {

    private StreamRates() {
    }

    static void compute(List<StreamingProgress> window, Optional<StreamingProgress> runFirst, FactSink sink) {
        // the run's first batch carries the start-up: no pair begins with it
        boolean startsRun = runFirst.isPresent() && window.get(0).batchId() == runFirst.get().batchId();
        int from = startsRun ? 1 : 0;
        if (window.size() - from < 2) {
            return;
        }
        long rows = 0;
        long busyMs = 0;
        long wallMs = 0;
        int backToBack = 0;
        int pairs = 0;
        List<Long> idleStarts = new ArrayList<>();
        for (int i = from + 1; i < window.size(); i++) {
            StreamingProgress before = window.get(i - 1);
            StreamingProgress now = window.get(i);
            long gap = now.timestamp().toEpochMilli() - before.timestamp().toEpochMilli();
            long idle = now.timestamp().toEpochMilli() - before.end().toEpochMilli();
            rows += now.numInputRows();
            busyMs += now.durationMs();
            wallMs += gap;
            pairs++;
            if (idle <= StreamSignals.backToBackGapMs(before)) {
                backToBack++;
            } else {
                idleStarts.add(now.timestamp().toEpochMilli());
            }
        }
        double input = FactSink.ratio(rows * 1000.0, wallMs);
        double processed = FactSink.ratio(rows * 1000.0, busyMs);
        sink.put(StreamSignals.WINDOW_BATCHES, pairs)
                .put(StreamSignals.BACK_TO_BACK, (double) backToBack / pairs)
                .put(StreamSignals.INPUT_RATE, rounded(input))
                .put(StreamSignals.PROCESSED_RATE, rounded(processed))
                .put(StreamSignals.RATE_RATIO, FactSink.ratio(processed, input));
        TriggerInterval.of(idleStarts).ifPresent(ms -> sink.put(StreamSignals.TRIGGER, (double) ms));
        growth(window.subList(from + 1, window.size()), sink);
        lagGrowth(window.subList(from, window.size()), input).ifPresent(lag -> sink.put(StreamSignals.LAG_GROWTH, lag));
        suggested(window, processed, sink);
    }

    /** Whole rows per second from 10 up: "26 rows/s", not "26.35". */
    private static double rounded(double rate) {
        return rate >= 10 ? Math.rint(rate) : Math.rint(rate * 100) / 100;
    }

    private static void growth(List<StreamingProgress> batches, FactSink sink) {
        if (batches.size() < 2) {
            return;
        }
        int half = batches.size() / 2;
        double early = batches.subList(0, half).stream().mapToLong(StreamingProgress::numInputRows).average().orElse(0);
        double late = batches.subList(batches.size() - half, batches.size()).stream()
                .mapToLong(StreamingProgress::numInputRows).average().orElse(0);
        sink.put(StreamSignals.ROWS_GROWTH, FactSink.ratio(late, early));
        Optional<Long> firstBehind = batches.get(0).offsetsBehind();
        Optional<Long> lastBehind = batches.get(batches.size() - 1).offsetsBehind();
        lastBehind.ifPresent(b -> sink.put(StreamSignals.OFFSETS_BEHIND, b));
        firstBehind.ifPresent(f -> lastBehind.ifPresent(l -> sink.put(StreamSignals.OFFSETS_BEHIND_GROWTH, FactSink.ratio(l, f))));
    }

    /**
     * The lag the query gained over the window, in seconds of input: what a falling-behind query
     * costs is latency. A source without a per-trigger limit hands each batch what arrived while
     * the last one ran, so after a batch of d seconds, d seconds of input wait (the next batch's
     * rows); a limited source (Kafka with maxOffsetsPerTrigger) leaves the excess behind as offsets,
     * which over the input rate are seconds of input too. The growth of either from the window's
     * first batch to its last is the lag gained (never below 0).
     */
    static Optional<Double> lagGrowth(List<StreamingProgress> batches, double inputPerSecond) {
        if (batches.size() < 2) {
            return Optional.empty();
        }
        StreamingProgress first = batches.get(0);
        StreamingProgress last = batches.get(batches.size() - 1);
        double waited = (last.durationMs() - first.durationMs()) / 1000.0;
        boolean limited = first.offsetsBehind().isPresent() && last.offsetsBehind().isPresent();
        if (limited && Double.isFinite(inputPerSecond) && inputPerSecond > 0) {
            double behind = (last.offsetsBehind().get() - first.offsetsBehind().get()) / inputPerSecond;
            return Optional.of(Math.max(0, Math.max(waited, behind)));
        }
        return Optional.of(Math.max(0, waited));
    }

    private static void suggested(List<StreamingProgress> window, double processedPerSecond, FactSink sink) {
        long seconds = StreamSignals.suggestedTriggerSeconds(window);
        if (Double.isFinite(processedPerSecond) && processedPerSecond > 0) {
            sink.put(StreamSignals.ROWS_PER_TRIGGER, Math.floor(processedPerSecond * seconds * 0.8));
        }
    }
}
