package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The time account's parts as app facts, for rules to test and findings to take their seconds
 * from: {@code app.time.<cause>} for the wall clock's parts, {@code app.slots.<cause>} for the
 * slot time's (account/Cause says what each holds). A part the account could not measure (no
 * task metrics for the work it saw) is absent: not known is not zero.
 */
public final class TimeSignals {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact SLOTS_OFFERED = FACTS.ms("app.slots.offered",
            "slot-time the executors offered over the whole app: each one's slots × its life within the app (the driver's in local mode)");
    public static final Fact CRITICAL_PATH = FACTS.ms("app.time.criticalPath",
            "wall time no number of executors takes away: driver-only and waiting time, plus the longest chain of stages that ran"
                    + " one after another, each at its slowest task (the chain read from time: the model keeps no stage parents)");
    public static final Fact IDEAL = FACTS.ms("app.time.ideal",
            "wall time with perfect parallelism: driver-only and waiting time, plus the tasks' slot-time spread evenly over the"
                    + " slots offered while stages ran, never below app.time.criticalPath");
    private static final Map<Cause, Fact> BY_CAUSE = declare();

    private TimeSignals() {
    }

    private static Map<Cause, Fact> declare() {
        Map<Cause, Fact> out = new EnumMap<>(Cause.class);
        for (Cause c : Cause.values()) {
            out.put(c, c.clock() == Cause.Clock.WALL
                    ? FACTS.ms("app.time." + c.id(), "wall time " + c.label() + ": " + c.meaning())
                    : FACTS.ms("app.slots." + c.id(), "slot-time " + c.label() + ": " + c.meaning()));
        }
        return out;
    }

    /** The fact holding one part of the account. */
    public static Fact of(Cause cause) {
        return BY_CAUSE.get(cause);
    }

    /**
     * The fact of the account part a rule's {@code part:} names ({@code gc}, {@code waiting},
     * {@code idle.tail}): its cause's id; empty for anything else.
     */
    public static Optional<Fact> part(String id) {
        return BY_CAUSE.entrySet().stream().filter(e -> e.getKey().id().equals(id)).map(Map.Entry::getValue).findFirst();
    }

    /** The ids a rule's {@code part:} may name, in the account's order. */
    public static java.util.List<String> partIds() {
        return BY_CAUSE.keySet().stream().map(Cause::id).toList();
    }

    /** The id of a part's fact: {@code gc} for {@code app.slots.gc}. */
    public static String partId(Fact part) {
        return part.name().substring(part.name().startsWith("app.slots.") ? "app.slots.".length() : "app.time.".length());
    }

    /** True for a part of the slot time (slot-ms), false for one of the wall clock. */
    public static boolean isSlotPart(Fact part) {
        return part.name().startsWith("app.slots.");
    }

    /** The wall clock's parts, whose sum is the account's wall time. */
    public static java.util.List<Fact> wallParts() {
        return BY_CAUSE.entrySet().stream().filter(e -> e.getKey().clock() == Cause.Clock.WALL).map(Map.Entry::getValue).toList();
    }

    /** The app's account, as every front end shows it. */
    public static Optional<TimeAccount> account(AppContext ctx) {
        return TimeAccount.of(ctx.snapshot(), ctx.now(), ctx::slotsOf, ctx.slots());
    }

    static void compute(AppContext ctx, FactSink sink) {
        account(ctx).ifPresent(account -> {
            sink.put(SLOTS_OFFERED, account.slotMs()).put(CRITICAL_PATH, account.criticalPathMs()).put(IDEAL, account.idealMs());
            // a part the source gave no data for is no fact: its 0 would read as "none", and bound what rules claim
            account.parts().stream().filter(TimeAccount.Part::measured).forEach(p -> sink.put(of(p.cause()), p.ms()));
            WhatIfSignals.compute(ctx, account, sink);
            TaskCpus.compute(ctx, sink);
        });
    }
}
