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

    private static void suggested(List<StreamingProgress> window, double processedPerSecond, FactSink sink) {
        long seconds = StreamSignals.suggestedTriggerSeconds(window);
        if (Double.isFinite(processedPerSecond) && processedPerSecond > 0) {
            sink.put(StreamSignals.ROWS_PER_TRIGGER, Math.floor(processedPerSecond * seconds * 0.8));
        }
    }
}
