package dev.sparkdoc.account;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.Stage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

/**
 * Builds one application's {@link TimeAccount}: its window, the wall clock's three kinds of time,
 * the slots offered in each, and the stages' work and idle slots inside the running time.
 */
final class Ledger {

    static final String BUSY_SCALED = "the tasks' time exceeded the slots offered while stages ran: the busy parts are scaled down to fit";

    private final AppSnapshot snapshot;
    private final long start;
    private final long end;
    private final List<Executor> counted;
    private final ToIntFunction<Executor> slotsOf;
    private final int slotsIfNone;

    private Ledger(AppSnapshot snapshot, long start, long end, ToIntFunction<Executor> slotsOf, int slotsIfNone) {
        this.snapshot = snapshot;
        this.start = start;
        this.end = Math.max(start, end);
        this.slotsOf = slotsOf;
        this.slotsIfNone = Math.max(1, slotsIfNone);
        List<Executor> workers = snapshot.executors().stream().filter(e -> !e.isDriver()).toList();
        // local mode: the driver is the only executor and its cores are the slots; an executor of
        // no known slot (a log cut before its cores were said) leaves the app to slotsIfNone
        List<Executor> counted = workers.isEmpty() ? snapshot.executors().stream().filter(Executor::isDriver).toList() : workers;
        this.counted = counted.stream().anyMatch(e -> slotsOf.applyAsInt(e) > 0) ? counted : List.of();
    }

    static Optional<Ledger> of(AppSnapshot s, Instant now, ToIntFunction<Executor> slotsOf, int slotsIfNone) {
        Optional<Long> start = s.application().knownStartTime().map(Instant::toEpochMilli).or(() -> earliest(s));
        long end = s.application().endTime().orElse(now).toEpochMilli();
        return start.map(from -> new Ledger(s, from, end, slotsOf, slotsIfNone));
    }

    /** A log cut before ApplicationStart: the first job, stage or executor stands for the start. */
    private static Optional<Long> earliest(AppSnapshot s) {
        return Stream.of(s.jobs().stream().map(Job::submissionTime), s.stages().stream().map(Stage::submissionTime),
                        s.executors().stream().map(Executor::addTime))
                .flatMap(x -> x).flatMap(Optional::stream).map(Instant::toEpochMilli).filter(t -> t > 0).min(Long::compare);
    }

    /** The account's window, epoch ms: the app's start and its end (or now). */
    long startMs() {
        return start;
    }

    long endMs() {
        return end;
    }

    TimeAccount account() {
        Spans window = Spans.of(start, end);
        List<Stage> launched = snapshot.stages().stream().filter(Ledger::launched).toList();
        Spans running = Spans.union(launched.stream().flatMap(st -> runSpan(st).stream()).toList()).clip(start, end);
        List<long[]> activeSpans = new ArrayList<>();
        snapshot.jobs().forEach(j -> span(j.submissionTime(), j.completionTime()).ifPresent(activeSpans::add));
        snapshot.stages().forEach(st -> span(st.submissionTime(), st.completionTime()).ifPresent(activeSpans::add));
        Spans active = Spans.union(activeSpans).clip(start, end);
        Spans waiting = active.minus(running);
        Spans driverOnly = window.minus(running.plus(active));

        // the wall parts come from the jobs' and stages' own times: always measured
        List<TimeAccount.Part> parts = new ArrayList<>();
        parts.add(TimeAccount.Part.of(Cause.DRIVER_ONLY, driverOnly.lengthMs(), "app", Optional.empty(), true));
        parts.add(TimeAccount.Part.of(Cause.WAITING, waiting.lengthMs(), "app", Optional.empty(), true));
        parts.add(TimeAccount.Part.of(Cause.STAGES_RUNNING, running.lengthMs(), "app", Optional.empty(), true));

        List<StageWork> works = launched.stream().map(StageWork::of).toList();
        SlotParts slots = new SlotParts();
        slots.add(Cause.IDLE_NO_JOB, offeredMs(driverOnly), "app");
        slots.add(Cause.IDLE_WAITING, offeredMs(waiting), "app");
        double offeredRunning = offeredMs(running);
        double busy = runningSlots(works, offeredRunning, slots);
        long slotMs = Math.round(offeredMs(window));
        parts.addAll(slots.parts(slotMs, unmeasured(works)));

        long outsideStages = driverOnly.lengthMs() + waiting.lengthMs();
        List<long[]> spans = launched.stream()
                .map(st -> runSpan(st).map(iv -> new long[] {Math.max(start, iv[0]), Math.min(end, iv[1])}).orElse(new long[] {0, 0}))
                .toList();
        long chain = CriticalPath.chainMs(launched, spans);
        double perfect = offeredRunning <= 0 ? 0 : busy / (offeredRunning / running.lengthMs());
        return new TimeAccount(end - start, slotMs, parts, outsideStages + chain,
                outsideStages + Math.max(chain, Math.round(perfect)));
    }

    /**
     * The stages' work, and the idle rest of the slots offered while they ran split by its
     * reasons; returns the work's slot-ms as counted (scaled down when it exceeded the offer).
     */
    private double runningSlots(List<StageWork> works, double offered, SlotParts slots) {
        double busy = works.stream().mapToDouble(StageWork::busyMs).sum();
        double scale = busy > offered && busy > 0 ? offered / busy : 1;
        if (scale < 1) {
            slots.note(Cause.COMPUTE, BUSY_SCALED);
        }
        Map<Cause, Double> idle = new EnumMap<>(Cause.class);
        Map<Cause, Double> idleTopMs = new EnumMap<>(Cause.class);
        Map<Cause, String> idleTop = new EnumMap<>(Cause.class);
        for (StageWork w : works) {
            w.ms().forEach((cause, ms) -> slots.add(cause, ms * scale, scope(w.stage())));
            w.notes().forEach(note -> slots.note(noted(note), note));
            idleOf(w).forEach((cause, ms) -> {
                idle.merge(cause, ms, Double::sum);
                if (ms > idleTopMs.getOrDefault(cause, 0.0)) {
                    idleTopMs.put(cause, ms);
                    idleTop.put(cause, scope(w.stage()));
                }
            });
        }
        double idleMs = Math.max(0, offered - busy * scale);
        double estimated = idle.values().stream().mapToDouble(Double::doubleValue).sum();
        if (estimated <= 0) {
            slots.add(Cause.IDLE_TAIL, idleMs, "app");
            if (idleMs > 0) {
                slots.note(Cause.IDLE_TAIL, "idle while stages ran that no stage's shape explains");
            }
            return busy * scale;
        }
        for (Cause cause : List.of(Cause.IDLE_TAIL, Cause.IDLE_FEW_TASKS, Cause.IDLE_LAST_WAVE)) {
            double ms = idle.getOrDefault(cause, 0.0);
            slots.add(cause, idleMs * ms / estimated, idleTop.getOrDefault(cause, "app"));
            if (ms > 0) {
                slots.note(cause, "estimated: the idle slot time while stages ran, split by each stage's tasks, slots and waves");
            }
        }
        return busy * scale;
    }

    /**
     * The slot causes the source gave no data for. The tasks' causes (and the idle time while
     * stages ran, which is what the tasks left of the slots) are unmeasured when a launched stage
     * lacks its task metrics, or when the executors report more than twice the task time the
     * stages hold (a History Server that kept only the last stages, a hand-made snapshot): the
     * account then sees a part of the work only. While tasks run, their GC, fetch wait and
     * deserialization are not known yet (their metrics come at their end). The idle time outside
     * stages needs no task: it is always measured, like the slots offered.
     */
    private Set<Cause> unmeasured(List<StageWork> works) {
        Set<Cause> out = EnumSet.noneOf(Cause.class);
        double stagesMs = works.stream().mapToDouble(StageWork::busyMs).sum();
        double executorsMs = snapshot.executors().stream().mapToDouble(Executor::totalDurationMs).sum();
        if (works.stream().anyMatch(w -> !w.measured()) || executorsMs > 2 * stagesMs + TASKS_SLACK_MS) {
            for (Cause c : Cause.values()) {
                if (c.clock() == Cause.Clock.SLOT && c != Cause.IDLE_NO_JOB && c != Cause.IDLE_WAITING) {
                    out.add(c);
                }
            }
        }
        // a running task's GC, fetch wait and deserialization come with its end: so far they are not known
        if (works.stream().anyMatch(w -> w.stage().tasks().active() > 0)) {
            out.addAll(List.of(Cause.GC, Cause.FETCH_WAIT, Cause.DESERIALIZATION));
        }
        return out;
    }

    /** Task time the executors may report beyond twice the stages' before the stages count as a part of the work only. */
    private static final double TASKS_SLACK_MS = 1_000;

    private static Cause noted(String note) {
        return switch (note) {
            case StageWork.DELAY_ESTIMATED, StageWork.DELAY_MISSING -> Cause.SCHEDULER_DELAY;
            case StageWork.FAILED_ESTIMATED -> Cause.FAILED;
            default -> Cause.COMPUTE;
        };
    }

    /**
     * One stage's idle slot time by reason, as if it ran alone (overlapping stages share slots:
     * the caller scales the sum to the idle time measured): slots beyond its tasks; the empty
     * slots of its last, partial wave of mean-length tasks; the rest, its tail.
     */
    private Map<Cause, Double> idleOf(StageWork w) {
        Map<Cause, Double> out = new EnumMap<>(Cause.class);
        Optional<long[]> span = runSpan(w.stage()).map(iv -> new long[] {Math.max(start, iv[0]), Math.min(end, iv[1])});
        if (span.isEmpty() || span.get()[1] <= span.get()[0]) {
            return out;
        }
        double wall = span.get()[1] - span.get()[0];
        double slots = offeredMs(Spans.of(span.get()[0], span.get()[1])) / wall;
        int tasks = w.tasks();
        double busy = w.busyMs();
        out.put(Cause.IDLE_FEW_TASKS, tasks < slots ? (slots - tasks) * wall : 0);
        double used = Math.max(0, Math.min(tasks, slots) * wall - busy);
        double lastWave = 0;
        long whole = Math.max(1, Math.round(slots));
        if (tasks > whole) {
            long waves = (tasks + whole - 1) / whole;
            lastWave = Math.min(used, (waves * whole - tasks) * busy / tasks);
        }
        out.put(Cause.IDLE_LAST_WAVE, lastWave);
        out.put(Cause.IDLE_TAIL, used - lastWave);
        return out;
    }

    /** Slot-ms offered over {@code spans}: each executor's slots over its own life inside them. */
    private double offeredMs(Spans spans) {
        if (counted.isEmpty()) {
            return (double) slotsIfNone * spans.lengthMs();
        }
        double ms = 0;
        for (Executor e : counted) {
            long from = e.addTime().map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
            long to = e.removeTime().map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
            ms += (double) slotsOf.applyAsInt(e) * spans.overlapMs(from, to);
        }
        return ms;
    }

    static boolean launched(Stage st) {
        var t = st.tasks();
        return t.completed() + t.failed() + t.killed() + t.active() > 0;
    }

    /** From the first task's launch (the submission when the source lacks it) to completion, or the account's end. */
    private Optional<long[]> runSpan(Stage st) {
        return span(st.firstTaskLaunchedTime().or(st::submissionTime), st.completionTime());
    }

    private Optional<long[]> span(Optional<Instant> from, Optional<Instant> to) {
        return from.map(f -> new long[] {f.toEpochMilli(), to.map(Instant::toEpochMilli).orElse(end)});
    }

    private static String scope(Stage st) {
        return "stage " + st.key();
    }
}
