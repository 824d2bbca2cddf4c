package dev.sparkdoc.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * Where the time went: the application's wall clock split into driver-only, waiting and
 * stages-running time, and the slot time its executors offered split into what the tasks did with
 * it and why the rest sat idle. The wall parts sum to {@code wallMs} and the slot parts to
 * {@code slotMs}; none is negative. Each finding's seconds are meant to be a share of one part.
 *
 * @param criticalPathMs the wall time no number of executors takes away: driver-only and waiting
 *                       time, plus the longest chain of stages that ran one after another, each
 *                       counted at its slowest task
 * @param idealMs        the wall time with perfect parallelism: driver-only and waiting time, plus
 *                       the tasks' slot time spread evenly over the slots the app had while stages
 *                       ran, but never below the critical path
 */
@JsonPropertyOrder({"wallMs", "slotMs", "parts", "criticalPathMs", "idealMs"})
public record TimeAccount(long wallMs, long slotMs, List<Part> parts, long criticalPathMs, long idealMs) {

    public TimeAccount {
        parts = List.copyOf(parts);
    }

    /**
     * One part: wall-clock milliseconds for a wall cause, slot-milliseconds for a slot cause.
     *
     * @param scope where most of it was spent: {@code app}, or the stage ({@code stage 3.0}) that
     *              contributed most to a part made of stages' shares
     * @param note  how the part was measured when not exactly: an estimate, or a metric the
     *              source lacked whose time stayed in another part
     * @param measured false when the source had no data to measure the part with (the tasks'
     *              metrics of a hand-made or partly fetched snapshot, executors' slots never
     *              said): its milliseconds then mean "not known", not "none", and nothing may be
     *              bounded by them
     */
    @JsonPropertyOrder({"cause", "wallMs", "slotMs", "scope", "note", "measured"})
    @JsonInclude(JsonInclude.Include.NON_ABSENT)
    public record Part(Cause cause, Optional<Long> wallMs, Optional<Long> slotMs, String scope, Optional<String> note, boolean measured) {

        static Part of(Cause cause, long ms, String scope, Optional<String> note, boolean measured) {
            boolean wall = cause.clock() == Cause.Clock.WALL;
            return new Part(cause, wall ? Optional.of(ms) : Optional.empty(), wall ? Optional.empty() : Optional.of(ms), scope, note,
                    measured);
        }

        /** The part's milliseconds, wall or slot. */
        public long ms() {
            return wallMs.or(() -> slotMs).orElse(0L);
        }
    }

    /**
     * The account of {@code snapshot} as of {@code now} (the end of a finished app, the last event
     * of a cut log, the moment a live snapshot was taken); empty when the app's start is unknown.
     *
     * @param slotsOf      tasks an executor runs at once
     * @param slotsIfNone  slots assumed over the whole app when the source lists no executor
     */
    public static Optional<TimeAccount> of(AppSnapshot snapshot, Instant now, ToIntFunction<Executor> slotsOf, int slotsIfNone) {
        return Ledger.of(snapshot, now, slotsOf, slotsIfNone).map(Ledger::account);
    }

    /**
     * One stage attempt's slot milliseconds by slot cause, as the account counts them before
     * fitting them to the slots offered: what a finding about that stage draws its seconds from
     * (its failed attempts, its lost speculative copies, its fetch wait).
     */
    public static java.util.Map<Cause, Double> stageSlotMs(dev.sparkdoc.model.Stage stage) {
        return java.util.Map.copyOf(StageWork.of(stage).ms());
    }

    /** Whether the account measured the part (see {@link Part#measured}); false when it has no such part. */
    public boolean measured(Cause cause) {
        return part(cause).map(Part::measured).orElse(false);
    }

    public Optional<Part> part(Cause cause) {
        return parts.stream().filter(p -> p.cause() == cause).findFirst();
    }

    /** The part's milliseconds, 0 when the account has no such part. */
    public long ms(Cause cause) {
        return part(cause).map(Part::ms).orElse(0L);
    }

    /** The part's share of its whole, 0 to 1. */
    public double share(Cause cause) {
        long whole = cause.clock() == Cause.Clock.WALL ? wallMs : slotMs;
        return whole <= 0 ? 0 : (double) ms(cause) / whole;
    }
}
