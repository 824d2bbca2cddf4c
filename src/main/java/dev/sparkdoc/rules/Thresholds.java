package dev.sparkdoc.rules;

import dev.sparkdoc.signals.FactUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses a threshold as written in a rule into the fact's unit: durations ("500ms", "5s", "2m",
 * "1h"), sizes ("256MB", "1g", "10 KiB"; binary multiples, as Spark's own size configs),
 * shares ("10%") and booleans.
 */
final class Thresholds {

    private static final Pattern WITH_UNIT = Pattern.compile("^\\s*(-?[0-9]*\\.?[0-9]+)\\s*([a-zA-Z%]*)\\s*$");

    private Thresholds() {
    }

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
            case SECONDS -> n * millis(suffix, text) / 1000.0;
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
            default -> throw new IllegalArgumentException("unknown size unit in '" + text + "' (B, KB, MB, GB, TB)");
        };
    }
}
