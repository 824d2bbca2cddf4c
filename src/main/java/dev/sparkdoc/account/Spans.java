package dev.sparkdoc.account;

import java.util.ArrayList;
import java.util.List;

/**
 * Time spans ({start, end} epoch ms) merged where they overlap, in order: time covered once
 * however many stages or jobs ran in it. Immutable; the operations the account needs and no more.
 */
record Spans(List<long[]> spans) {

    static final Spans NONE = new Spans(List.of());

    Spans {
        spans = List.copyOf(spans);
    }

    /** The union of {@code raw} spans, empty and reversed ones dropped. */
    static Spans union(List<long[]> raw) {
        return new Spans(Intervals.merged(raw.stream().filter(iv -> iv[1] > iv[0]).toList()));
    }

    static Spans of(long start, long end) {
        return union(List.of(new long[] {start, end}));
    }

    long lengthMs() {
        return spans.stream().mapToLong(iv -> iv[1] - iv[0]).sum();
    }

    /** Milliseconds of these spans inside [from, to). */
    long overlapMs(long from, long to) {
        long ms = 0;
        for (long[] iv : spans) {
            ms += Math.max(0, Math.min(to, iv[1]) - Math.max(from, iv[0]));
        }
        return ms;
    }

    /** These spans cut to [from, to). */
    Spans clip(long from, long to) {
        return union(spans.stream().map(iv -> new long[] {Math.max(from, iv[0]), Math.min(to, iv[1])}).toList());
    }

    /** These spans less {@code other}'s. */
    Spans minus(Spans other) {
        List<long[]> out = new ArrayList<>();
        for (long[] iv : spans) {
            long from = iv[0];
            for (long[] cut : other.spans) {
                if (cut[1] <= from || cut[0] >= iv[1]) {
                    continue;
                }
                if (cut[0] > from) {
                    out.add(new long[] {from, cut[0]});
                }
                from = Math.max(from, cut[1]);
            }
            if (from < iv[1]) {
                out.add(new long[] {from, iv[1]});
            }
        }
        return union(out);
    }

    Spans plus(Spans other) {
        List<long[]> all = new ArrayList<>(spans);
        all.addAll(other.spans);
        return union(all);
    }
}
