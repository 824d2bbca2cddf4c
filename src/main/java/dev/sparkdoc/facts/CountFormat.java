package dev.sparkdoc.facts;

import java.util.Locale;

/**
 * Counts for people, the one formatter every command and view uses: {@link #of} in sentences and
 * reports ("156,018", "2.50" when not whole), {@link #compact} in narrow columns ("1.2M").
 */
public final class CountFormat {

    private CountFormat() {
    }

    /** "0", "1,234", "-3"; a value that is not whole keeps two decimals. */
    public static String of(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) value);
        }
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** At most eight columns: "156,018" up to a million, then "1.2M", "34.5G". */
    public static String compact(double v) {
        if (v < 999_999.5) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        String[] units = {"M", "G", "T", "P"};
        double x = v / 1e6;
        int i = 0;
        while (x >= 999.95 && i < units.length - 1) {
            x /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, x >= 100 ? "%.0f%s" : "%.1f%s", x, units[i]);
    }
}
