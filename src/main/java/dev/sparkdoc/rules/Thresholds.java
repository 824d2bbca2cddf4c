package dev.sparkdoc.rules;

import dev.sparkdoc.facts.FactUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a quantity as written in a rule or a rule test into the fact's unit: durations ("500ms",
 * "5s", "2m", "1h"), sizes ("256MiB", "1g", "10 KiB"; binary multiples, as Spark's own size
 * configs), shares ("10%") and booleans; and writes a value back the way a rule author would.
 */
final class Thresholds {

    private static final Pattern WITH_UNIT = Pattern.compile("^\\s*(-?[0-9]*\\.?[0-9]+)\\s*([a-zA-Z%]*)\\s*$");
    private static final String[] SIZES = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Thresholds() {
    }

    /** A number without a unit is taken in the fact's unit; {@link #lacksUnit} tells the rule format to refuse it. */
    static double parse(String text, FactUnit unit) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (unit == FactUnit.BOOLEAN) {
            return switch (t) {
                case "true", "yes", "1" -> 1;
                case "false", "no", "0" -> 0;
                default -> throw new IllegalArgumentException("expected true or false, got '" + text + "'");
            };
        }
        Matcher m = WITH_UNIT.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a number: '" + text + "'");
        }
        double n = Double.parseDouble(m.group(1));
        String suffix = m.group(2);
        if (suffix.isEmpty()) {
            return n;
        }
        return switch (unit) {
            case MS -> n * millis(suffix, text);
            // by whole factors, so that "48s" on a seconds fact is exactly 48
            case SECONDS -> suffix.equals("ms") ? n / 1000.0 : n * (millis(suffix, text) / 1000);
            case BYTES -> n * bytes(suffix, text);
            case FRACTION -> {
                if (!suffix.equals("%")) {
                    throw new IllegalArgumentException("a share is 0.1 or 10%, not '" + text + "'");
                }
                yield n / 100.0;
            }
            default -> throw new IllegalArgumentException("'" + text + "' has a unit but the fact is a plain " + unit.id());
        };
    }

    /** A time or size written as a bare number other than 0: what "5" meant (5 ms? 5 s?) is a trap, so rules must say. */
    static boolean lacksUnit(String text, FactUnit unit) {
        Matcher m = WITH_UNIT.matcher(text.trim());
        return unit.needsUnit() && m.matches() && m.group(2).isEmpty() && Double.parseDouble(m.group(1)) != 0;
    }

    /** The value of a fact written as a rule author would: "5s", "200ms", "64MiB", "0.25", "true". */
    static String literal(double value, FactUnit unit) {
        return switch (unit) {
            case MS -> value % 1000 == 0 ? plain(value / 1000) + "s" : plain(value) + "ms";
            case SECONDS -> plain(value) + "s";
            case BYTES -> size(value);
            case BOOLEAN -> value != 0 ? "true" : "false";
            default -> plain(value);
        };
    }

    private static String size(double bytes) {
        double v = bytes;
        int i = 0;
        while (v != 0 && v % 1024 == 0 && i < SIZES.length - 1) {
            v /= 1024;
            i++;
        }
        return plain(v) + SIZES[i];
    }

    static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static double millis(String suffix, String text) {
        return switch (suffix) {
            case "ms" -> 1;
            case "s", "sec" -> 1000;
            case "m", "min" -> 60_000;
            case "h" -> 3_600_000;
            default -> throw new IllegalArgumentException("unknown time unit in '" + text + "' (ms, s, m, h)");
        };
    }

    private static double bytes(String suffix, String text) {
        return switch (suffix) {
            case "b" -> 1;
            case "k", "kb", "kib" -> 1024d;
            case "m", "mb", "mib" -> 1024d * 1024;
            case "g", "gb", "gib" -> 1024d * 1024 * 1024;
            case "t", "tb", "tib" -> 1024d * 1024 * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown size unit in '" + text + "' (B, KiB, MiB, GiB, TiB)");
        };
    }
}
