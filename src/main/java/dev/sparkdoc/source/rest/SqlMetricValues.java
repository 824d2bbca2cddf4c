package dev.sparkdoc.source.rest;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a total in base units from a SQL plan metric's display string
 * ({@code sql/core/.../metric/SQLMetrics.scala stringValue}):
 * <ul>
 *   <li>a plain sum: {@code "1,234"} (rows, counts);</li>
 *   <li>a size, timing or nsTiming metric: {@code "total (min, med, max (stageId: taskId))\n1.2 s (…)"},
 *       or just {@code "64.2 MiB"} / {@code "8 ms"} when one task reported it;</li>
 * </ul>
 * Sizes become bytes (Spark's {@code Utils.bytesToString}: B, KiB … EiB), times milliseconds
 * ({@code Utils.msDurationToString}: ms, s, m, h). An average metric ({@code "avg (…)"}) has no
 * total and reads as empty, as does anything else unexpected.
 */
final class SqlMetricValues {

    private static final Pattern VALUE = Pattern.compile("^(-?[\\d,]+(?:\\.\\d+)?)\\s*([A-Za-z]*)$");

    private SqlMetricValues() {
    }

    static Optional<Long> total(String display) {
        if (display == null || display.isBlank()) {
            return Optional.empty();
        }
        String text = display.strip();
        int newline = text.indexOf('\n');
        if (newline >= 0) {
            if (!text.startsWith("total")) {
                return Optional.empty();
            }
            text = text.substring(newline + 1).strip();
            int paren = text.indexOf(" (");
            text = paren < 0 ? text : text.substring(0, paren).strip();
        }
        Matcher m = VALUE.matcher(text);
        if (!m.matches()) {
            return Optional.empty();
        }
        double number;
        try {
            number = Double.parseDouble(m.group(1).replace(",", ""));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return multiplier(m.group(2)).map(factor -> Math.round(number * factor));
    }

    private static Optional<Double> multiplier(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "", "b", "ms" -> Optional.of(1.0);
            case "kib", "kb" -> Optional.of(1024.0);
            case "mib", "mb" -> Optional.of(1024.0 * 1024);
            case "gib", "gb" -> Optional.of(1024.0 * 1024 * 1024);
            case "tib", "tb" -> Optional.of(1024.0 * 1024 * 1024 * 1024);
            case "pib", "pb" -> Optional.of(1024.0 * 1024 * 1024 * 1024 * 1024);
            case "eib", "eb" -> Optional.of(1024.0 * 1024 * 1024 * 1024 * 1024 * 1024);
            case "s" -> Optional.of(1000.0);
            case "m", "min" -> Optional.of(60_000.0);
            case "h" -> Optional.of(3_600_000.0);
            default -> Optional.empty();
        };
    }
}
