package dev.sparkdoc.report;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/** Sizes, ages and percentages as {@code ps}/{@code top} users read them. */
final class PsFormat {

    /** What a value the platform did not give shows as: never a made-up 0. */
    static final String UNKNOWN = "–";

    private PsFormat() {
    }

    static String bytes(java.util.OptionalLong b) {
        return b.isPresent() ? bytes(b.getAsLong()) : UNKNOWN;
    }

    static String count(java.util.OptionalInt n) {
        return n.isPresent() ? Integer.toString(n.getAsInt()) : UNKNOWN;
    }

    /** Binary units, one decimal under 10: "980K", "512M", "1.2G". */
    static String bytes(long b) {
        String[] units = {"B", "K", "M", "G", "T"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v < 10 && u > 0 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.0f", v)) + units[u];
    }

    static String age(Optional<Duration> age) {
        if (age.isEmpty()) {
            return UNKNOWN;
        }
        long s = age.get().toSeconds();
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        if (s < 86_400) {
            return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
        }
        return String.format(Locale.ROOT, "%dd%02dh", s / 86_400, s % 86_400 / 3600);
    }

    static String percent(double p) {
        return String.format(Locale.ROOT, "%.1f", p);
    }

    static String cut(String text, int width) {
        if (width <= 1) {
            return "";
        }
        // command lines and hosts are foreign text: cleaned, and cut by display columns
        return SafeText.fit(SafeText.capped(text), width);
    }
}
