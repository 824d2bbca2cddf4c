package dev.sparkdoc.account;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Time spans ({start, end} epoch ms) and their union: the one merge the account and the signals share. */
public final class Intervals {

    private Intervals() {
    }

    /** Spans merged where they overlap or touch, in order: time covered once however many ran in it. */
    public static List<long[]> merged(List<long[]> spans) {
        List<long[]> sorted = new ArrayList<>(spans);
        sorted.sort(Comparator.comparingLong(iv -> iv[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] iv : sorted) {
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last == null || iv[0] > last[1]) {
                merged.add(iv.clone());
            } else {
                last[1] = Math.max(last[1], iv[1]);
            }
        }
        return merged;
    }
}
