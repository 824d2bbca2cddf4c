package dev.sparkdoc.signals;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Spark's size strings ("4g", "512m", "1.5g" is not allowed by Spark but tolerated here). */
final class SparkSizes {

    private static final Pattern SIZE = Pattern.compile("^\\s*(-?[0-9]*\\.?[0-9]+)\\s*([a-z]*)\\s*$");

    private SparkSizes() {
    }

    /** Bytes; {@code defaultUnit} applies to bare numbers ('b' for bytes, 'm' for MiB …). -1 on garbage. */
    static long parse(String text, char defaultUnit) {
        Matcher m = SIZE.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return -1;
        }
        double n = Double.parseDouble(m.group(1));
        if (n < 0) {
            return -1;
        }
        String unit = m.group(2).isEmpty() ? String.valueOf(defaultUnit) : m.group(2);
        long mult = switch (unit.charAt(0)) {
            case 'b' -> 1L;
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            case 'p' -> 1L << 50;
            default -> -1L;
        };
        return mult < 0 ? -1 : (long) (n * mult);
    }
}
