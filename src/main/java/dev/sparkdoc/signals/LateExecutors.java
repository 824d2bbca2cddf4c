package dev.sparkdoc.signals;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Executors that registered long after a stage that needed them began: the stage had more tasks
 * than the slots alive, so its tasks waited in the queue for slots the cluster had not yet given.
 * Each is named with its delay from the submission of the earliest such stage; what it cost is the
 * slot time it would have offered over that delay, spread over the slots the app had once they had
 * come (at most the longest delay). A replacement for
 * an executor that was lost is the loss rules' business, not a late start.
 */
final class LateExecutors {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact COUNT = FACTS.count("app.executors.late",
            "executors that registered 10 s or more after a stage began that had more tasks than the slots alive");
    static final Fact LIST = FACTS.text("app.executors.lateList", "the late executors, each with its delay after the stage that waited for it");
    static final Fact SLOT_TIME = FACTS.ms("app.executors.late.slotTime",
            "slot time the late executors did not offer while the stages waited for them: their slots × their delays");
    static final Fact SECONDS_LOST = FACTS.seconds("app.executors.late.secondsLost",
            "that slot time spread over the slots the app had once they had come, at most the longest delay:"
                    + " how much sooner the work could have ended");
    static final Fact ASKED = FACTS.count("app.executors.late.asked",
            "executors the app had before any was lost: how many to start with instead of waiting for them");

    /**
     * Executors come seconds after they are asked for (YARN and Kubernetes start a container, the
     * JVM starts, it registers); 10 s is past that on a healthy cluster.
     */
    static final long LATE_MS = 10_000;

    private LateExecutors() {
    }

    private record Late(Executor executor, long sinceMs, long delayMs) {
    }

    static void compute(AppContext ctx, FactSink sink) {
        List<Executor> workers = ctx.snapshot().executors().stream().filter(e -> !e.isDriver() && e.addTime().isPresent()).toList();
        // after the first loss, new executors are replacements: the loss rules name that
        Optional<Long> firstLoss = workers.stream().flatMap(e -> e.removeTime().stream()).map(Instant::toEpochMilli).min(Long::compare);
        List<Late> late = new ArrayList<>();
        for (Executor e : workers) {
            long at = e.addTime().get().toEpochMilli();
            if (firstLoss.map(loss -> at > loss).orElse(false)) {
                continue;
            }
            waitedSince(ctx, workers, at).filter(since -> at - since >= LATE_MS).ifPresent(since -> late.add(new Late(e, since, at - since)));
        }
        if (late.isEmpty()) {
            sink.put(COUNT, 0);
            return;
        }
        late.sort(Comparator.comparingLong(Late::delayMs).reversed());
        double slotMs = late.stream().mapToDouble(l -> (double) ctx.slotsOf(l.executor()) * l.delayMs()).sum();
        List<String> named = late.stream().limit(10)
                .map(l -> "executor " + l.executor().id() + " (" + DurationFormat.of(l.delayMs()) + " late, " + ctx.slotsOf(l.executor())
                        + " slot(s))").toList();
        long asked = workers.stream().filter(e -> firstLoss.map(loss -> e.addTime().get().toEpochMilli() <= loss).orElse(true)).count();
        sink.put(COUNT, late.size())
                .put(ASKED, asked)
                .text(LIST, String.join(", ", named) + (late.size() > named.size() ? " and " + (late.size() - named.size()) + " more" : ""))
                .put(SLOT_TIME, slotMs)
                .put(SECONDS_LOST, secondsLost(ctx, late, slotMs));
    }

    /**
     * The missing slot time spread over the slots the app had once they had all come (not those
     * alive at its end: with dynamic allocation those may be a few), and never more than the
     * longest delay: the work could have ended that much sooner at most.
     */
    private static double secondsLost(AppContext ctx, List<Late> late, double slotMs) {
        long from = late.stream().mapToLong(Late::sinceMs).min().orElseThrow();
        long to = late.stream().mapToLong(l -> l.sinceMs() + l.delayMs()).max().orElseThrow() + 1;
        int slots = Math.max(1, Math.max(SlotTime.peakSlots(ctx, from, to), late.stream().mapToInt(l -> ctx.slotsOf(l.executor())).sum()));
        long longest = late.stream().mapToLong(Late::delayMs).max().orElseThrow();
        return Math.min(slotMs / slots, longest) / 1000.0;
    }

    /**
     * The submission of the earliest stage running at {@code at} that had more tasks than the
     * slots alive just before: the moment the work began waiting for this executor.
     */
    private static Optional<Long> waitedSince(AppContext ctx, List<Executor> workers, long at) {
        int alive = workers.stream().filter(w -> w.addTime().get().toEpochMilli() < at
                        && w.removeTime().map(r -> r.toEpochMilli() > at).orElse(true))
                .mapToInt(ctx::slotsOf).sum();
        return ctx.snapshot().stages().stream()
                .filter(st -> st.tasks().total() > alive)
                .filter(st -> st.submissionTime().map(s -> s.toEpochMilli() <= at).orElse(false)
                        && st.completionTime().map(c -> c.toEpochMilli() > at).orElse(true))
                .map(Stage::submissionTime).flatMap(Optional::stream).map(Instant::toEpochMilli).min(Long::compare);
    }
}
