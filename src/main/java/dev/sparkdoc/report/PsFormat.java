package dev.sparkdoc.report;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
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
        return b.isPresent() ? ByteFormat.compact(b.getAsLong()) : UNKNOWN;
    }

    static String count(java.util.OptionalInt n) {
        return n.isPresent() ? CountFormat.of(n.getAsInt()) : UNKNOWN;
    }

    static String age(Optional<Duration> age) {
        if (age.isEmpty()) {
            return UNKNOWN;
        }
        return DurationFormat.age(age.get().toSeconds());
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
