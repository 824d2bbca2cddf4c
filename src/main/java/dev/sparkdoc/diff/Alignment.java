package dev.sparkdoc.diff;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Two runs' sequences of the same kind of work (jobs, stages, queries) lined up by a stable
 * label, the way {@code diff} lines up text: the longest common subsequence of labels is matched,
 * the rest is added (only in the current run) or removed (only in the baseline). An extra
 * warm-up job in one run shifts every id after it; it does not shift the labels.
 *
 * @param matched pairs in run order
 * @param added   current-run items without a counterpart
 * @param removed baseline items without a counterpart
 */
public record Alignment<T>(List<Pair<T>> matched, List<T> added, List<T> removed) {

    /** Beyond this many cells the quadratic table costs too much; match the n-th of each label instead. */
    static final long MAX_CELLS = 4_000_000;

    public Alignment {
        matched = List.copyOf(matched);
        added = List.copyOf(added);
        removed = List.copyOf(removed);
    }

    public record Pair<T>(T baseline, T current) {
    }

    public static <T> Alignment<T> of(List<T> baseline, List<T> current, Function<T, String> label) {
        return of(baseline, label, current, label);
    }

    /** With each run's own labels (a label may need its run, e.g. a stage's job). */
    public static <T> Alignment<T> of(List<T> baseline, Function<T, String> baselineLabel,
                                      List<T> current, Function<T, String> currentLabel) {
        List<String> a = baseline.stream().map(baselineLabel).toList();
        List<String> b = current.stream().map(currentLabel).toList();
        if ((long) a.size() * b.size() > MAX_CELLS) {
            return byOccurrence(baseline, current, a, b);
        }
        int n = a.size();
        int m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Pair<T>> pairs = new ArrayList<>();
        List<T> added = new ArrayList<>();
        List<T> removed = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            if (a.get(i).equals(b.get(j))) {
                pairs.add(new Pair<>(baseline.get(i++), current.get(j++)));
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                removed.add(baseline.get(i++));
            } else {
                added.add(current.get(j++));
            }
        }
        removed.addAll(baseline.subList(i, n));
        added.addAll(current.subList(j, m));
        return new Alignment<>(pairs, added, removed);
    }

    /** The k-th item labelled L in one run matches the k-th labelled L in the other. */
    private static <T> Alignment<T> byOccurrence(List<T> baseline, List<T> current, List<String> a, List<String> b) {
        Map<String, List<T>> pending = new HashMap<>();
        for (int i = 0; i < a.size(); i++) {
            pending.computeIfAbsent(a.get(i), k -> new ArrayList<>()).add(baseline.get(i));
        }
        List<Pair<T>> pairs = new ArrayList<>();
        List<T> added = new ArrayList<>();
        for (int j = 0; j < b.size(); j++) {
            List<T> candidates = pending.get(b.get(j));
            if (candidates == null || candidates.isEmpty()) {
                added.add(current.get(j));
            } else {
                pairs.add(new Pair<>(candidates.remove(0), current.get(j)));
            }
        }
        List<T> removed = baseline.stream().filter(x -> pending.values().stream().anyMatch(l -> l.contains(x))).toList();
        return new Alignment<>(pairs, added, removed);
    }
}
