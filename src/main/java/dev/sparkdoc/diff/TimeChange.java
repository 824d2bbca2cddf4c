package dev.sparkdoc.diff;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.signals.AccountFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How the two runs' time accounts differ, told as wall time: "the run got 3 min 00 s faster:
 * 2 min 00 s less fetch wait, 40.0 s less GC".
 *
 * <p>Each run's wall time is its driver-only time, plus its waiting time, plus its stages-running
 * time; the last is split over the slot parts the executors' slots went to while stages ran (all
 * slot parts but idle-between-jobs and idle-while-waiting, which belong to the first two), each
 * by its share. So every part is in wall milliseconds, and the parts' changes add up to the
 * change of the wall time exactly: a part that took a larger share of a longer run explains its
 * part of the difference.
 *
 * <p>Noise: a wall-time change under {@link #NOISE_FRACTION} of the baseline's wall time, or under
 * a second ({@link RunDiff#MIN_WORSE_MS}: JVM warm-up and scheduling move any app that much), gets
 * no headline. A part is named when it moved in the direction of the change by at least
 * {@link #PART_FRACTION} of it; at most {@link #NAMED} parts are. When those moved by more than
 * the whole did, the largest part that went the other way is named too ("; against 4.0 s less
 * driver only").
 *
 * @param noiseMs  the wall-time change under which the runs count as the same
 * @param headline absent when within noise, or when either run has no account
 * @param parts    every part in both runs, in wall milliseconds, the largest change first
 */
@JsonPropertyOrder({"headline", "withinNoise", "noiseMs", "baselineWallMs", "currentWallMs", "deltaMs", "parts"})
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record TimeChange(Optional<String> headline, boolean withinNoise, long noiseMs, long baselineWallMs,
                         long currentWallMs, List<PartChange> parts) {

    static final double NOISE_FRACTION = 0.05;
    static final double PART_FRACTION = 0.10;
    static final int NAMED = 3;

    /** The wall-clock parts, and the slot parts that are idle time outside stages (they have a wall part of their own). */
    private static final List<String> WALL_IDS = List.of("driverOnly", "waiting");
    private static final List<String> OUTSIDE_STAGES = List.of("idle.noJob", "idle.waiting", "stagesRunning");

    public TimeChange {
        parts = List.copyOf(parts);
    }

    /** @param part the account's name for it ("fetchWait"), as in {@code app.time.*} and {@code app.slots.*} */
    @JsonPropertyOrder({"part", "label", "baselineMs", "currentMs", "deltaMs"})
    public record PartChange(String part, String label, long baselineMs, long currentMs) {
        @JsonProperty("deltaMs")
        public long deltaMs() {
            return currentMs - baselineMs;
        }
    }

    @JsonProperty("deltaMs")
    public long deltaMs() {
        return currentWallMs - baselineWallMs;
    }

    /** Empty when either run has no account (its start unknown). */
    public static Optional<TimeChange> of(Diagnosis baseline, Diagnosis current) {
        Optional<AccountFacts> before = AccountFacts.of(baseline.facts().app());
        Optional<AccountFacts> after = AccountFacts.of(current.facts().app());
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(of(before.get(), after.get()));
    }

    static TimeChange of(AccountFacts before, AccountFacts after) {
        List<PartChange> parts = new ArrayList<>();
        List<AccountFacts.Piece> pieces = new ArrayList<>(before.wall());
        pieces.addAll(before.slots());
        // a part one run could not measure (no task metrics) is no change either way
        java.util.Set<String> measuredAfter = new java.util.HashSet<>();
        after.wall().forEach(p -> measuredAfter.add(p.id()));
        after.slots().forEach(p -> measuredAfter.add(p.id()));
        for (AccountFacts.Piece p : pieces) {
            if (!OUTSIDE_STAGES.contains(p.id()) && measuredAfter.contains(p.id())) {
                parts.add(new PartChange(p.id(), p.label(), inWall(before, p.id()), inWall(after, p.id())));
            }
        }
        parts.sort(Comparator.comparingLong((PartChange c) -> Math.abs(c.deltaMs())).reversed());
        long noise = Math.max(RunDiff.MIN_WORSE_MS, Math.round(NOISE_FRACTION * before.wallMs()));
        long delta = after.wallMs() - before.wallMs();
        boolean withinNoise = Math.abs(delta) < noise;
        return new TimeChange(withinNoise ? Optional.empty() : Optional.of(headline(delta, parts)), withinNoise, noise,
                before.wallMs(), after.wallMs(), parts);
    }

    /** A part's wall milliseconds: its own for driver only and waiting, its share of the stages' running time for a slot part. */
    private static long inWall(AccountFacts a, String id) {
        if (WALL_IDS.contains(id)) {
            return ms(a.wall(), id);
        }
        long running = ms(a.wall(), "stagesRunning");
        long whileRunning = a.slots().stream().filter(p -> !OUTSIDE_STAGES.contains(p.id())).mapToLong(AccountFacts.Piece::ms).sum();
        return whileRunning <= 0 ? 0 : Math.round((double) running * ms(a.slots(), id) / whileRunning);
    }

    private static long ms(List<AccountFacts.Piece> pieces, String id) {
        return pieces.stream().filter(p -> p.id().equals(id)).mapToLong(AccountFacts.Piece::ms).findFirst().orElse(0);
    }

    private static String headline(long delta, List<PartChange> parts) {
        String way = delta > 0 ? "slower" : "faster";
        String head = "the run got " + DurationFormat.of(Math.abs(delta)) + " " + way;
        List<PartChange> with = moved(parts, Long.signum(delta), delta);
        if (with.isEmpty()) {
            return head + ", spread over many parts, none by a tenth of it";
        }
        List<String> named = with.stream().limit(NAMED).map(TimeChange::said).toList();
        String text = head + ": " + String.join(", ", named);
        // parts that moved more than the whole did: the largest one that went the other way says why
        long told = with.stream().limit(NAMED).mapToLong(p -> Math.abs(p.deltaMs())).sum();
        List<PartChange> against = moved(parts, -Long.signum(delta), delta);
        return told > Math.abs(delta) && !against.isEmpty() ? text + "; against " + said(against.get(0)) : text;
    }

    /** Parts that moved in {@code direction} by at least a tenth of the wall-time change, largest first. */
    private static List<PartChange> moved(List<PartChange> parts, int direction, long delta) {
        return parts.stream()
                .filter(p -> Long.signum(p.deltaMs()) == direction && Math.abs(p.deltaMs()) >= PART_FRACTION * Math.abs(delta))
                .toList();
    }

    private static String said(PartChange p) {
        return DurationFormat.of(Math.abs(p.deltaMs())) + (p.deltaMs() > 0 ? " more " : " less ") + p.label();
    }
}
