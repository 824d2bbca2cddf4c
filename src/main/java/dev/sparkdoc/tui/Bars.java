package dev.sparkdoc.tui;

import dev.sparkdoc.model.Quantiles;

/** Tiny inline charts: a progress bar and a five-number distribution as block heights. */
final class Bars {

    private static final char[] LEVELS = {'▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'};

    private Bars() {
    }

    /** Done as █, running as ▒, pending as ░, over {@code width} cells. */
    static String progress(int total, int done, int running, int width) {
        if (total <= 0 || width <= 0) {
            return "";
        }
        int d = (int) Math.round((double) done / total * width);
        int r = Math.min(width - d, (int) Math.ceil((double) running / total * width));
        return "█".repeat(d) + "▒".repeat(Math.max(0, r)) + "░".repeat(Math.max(0, width - d - r));
    }

    /** min, p25, p50, p75, max scaled to max: "▁▁▁▂█" is a long tail (one slow task). */
    static String distribution(Quantiles q) {
        if (q.max() <= 0) {
            return "";
        }
        double[] v = {q.min(), q.p25(), q.p50(), q.p75(), q.max()};
        StringBuilder b = new StringBuilder();
        for (double x : v) {
            b.append(level(x / q.max()));
        }
        return b.toString();
    }

    /** Values 0..max as a sparkline over the last {@code width} values. */
    static String sparkline(java.util.List<Double> values, double max, int width) {
        StringBuilder b = new StringBuilder();
        int from = Math.max(0, values.size() - width);
        for (int i = from; i < values.size(); i++) {
            b.append(level(max <= 0 ? 0 : values.get(i) / max));
        }
        return b.toString();
    }

    private static char level(double fraction) {
        int i = (int) Math.round(Math.max(0, Math.min(1, fraction)) * (LEVELS.length - 1));
        return LEVELS[i];
    }
}
