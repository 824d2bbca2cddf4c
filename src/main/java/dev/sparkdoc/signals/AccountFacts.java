package dev.sparkdoc.signals;

import dev.sparkdoc.account.Cause;
import dev.sparkdoc.facts.ScopeFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The time account as a diagnosis's app facts hold it ({@link TimeSignals}): what the front ends
 * that may not read {@code account/} (the live view, diff) show, from the same numbers the
 * findings were judged on, never a second formula.
 *
 * @param wallMs the app's wall time so far: the sum of the wall parts
 * @param slotMs the slot time the executors offered ({@code app.slots.offered})
 * @param wall   the wall clock's parts, in the account's order
 * @param slots  the slot time's parts, in the account's order
 */
public record AccountFacts(long wallMs, long slotMs, List<Piece> wall, List<Piece> slots) {

    public AccountFacts {
        wall = List.copyOf(wall);
        slots = List.copyOf(slots);
    }

    /**
     * One part.
     *
     * @param id    its name after {@code app.time.} or {@code app.slots.} ("fetchWait", "idle.tail")
     * @param label as the text report says it ("fetch wait")
     * @param brief as a one-line bar says it ("fetch"); the idle reasons share "idle"
     */
    public record Piece(String id, String label, String brief, long ms) {
    }

    /**
     * The account in {@code app}'s facts; empty when the app had none (its start unknown). A slot
     * part the account could not measure (no task metrics) has no fact and is left out: the
     * pieces shown are those measured, never a guess.
     */
    public static Optional<AccountFacts> of(ScopeFacts app) {
        List<Piece> wall = new ArrayList<>();
        List<Piece> slots = new ArrayList<>();
        for (Cause c : Cause.values()) {
            OptionalDouble v = app.value(TimeSignals.of(c));
            if (v.isEmpty() && c.clock() == Cause.Clock.WALL) {
                return Optional.empty();
            }
            if (v.isEmpty()) {
                continue;
            }
            Piece p = new Piece(c.id(), c.label(), c.brief(), Math.round(v.getAsDouble()));
            (c.clock() == Cause.Clock.WALL ? wall : slots).add(p);
        }
        long wallMs = wall.stream().mapToLong(Piece::ms).sum();
        long slotMs = Math.round(app.value(TimeSignals.SLOTS_OFFERED).orElse(0));
        return Optional.of(new AccountFacts(wallMs, slotMs, wall, slots));
    }

    /** The piece's share of its whole (wall or slot), 0 to 1. */
    public double share(Piece p) {
        long whole = wall.contains(p) ? wallMs : slotMs;
        return whole <= 0 ? 0 : Math.min(1, Math.max(0, (double) p.ms() / whole));
    }
}
