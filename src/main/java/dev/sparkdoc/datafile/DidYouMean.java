package dev.sparkdoc.datafile;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/** " (did you mean x?)" for a misspelt name in a data file: the nearest known name, if near enough. */
public final class DidYouMean {

    private DidYouMean() {
    }

    public static String among(Collection<String> known, String name) {
        return nearest(known, name).map(k -> " (did you mean " + k + "?)").orElse("");
    }

    /** "; did you mean 'x'?" for a misspelt name on a command line, or "" when nothing is near. */
    public static String quoted(Collection<String> known, String name) {
        return nearest(known, name).map(k -> "; did you mean '" + k + "'?").orElse("");
    }

    /**
     * The known name nearest to {@code name}, if near enough: within a quarter of its length (at
     * least 3 edits), and never as far as the name is long ("x" is not a misspelt "ps").
     */
    public static Optional<String> nearest(Collection<String> known, String name) {
        int near = Math.min(Math.max(3, name.length() / 4), name.length() - 1);
        return known.stream()
                .map(k -> Map.entry(k, distance(k, name)))
                .min(Map.Entry.comparingByValue())
                .filter(e -> e.getValue() <= near)
                .map(Map.Entry::getKey);
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
