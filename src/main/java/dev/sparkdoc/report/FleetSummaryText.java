package dev.sparkdoc.report;

import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.fleet.store.FleetReports;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code sparkdoc fleet report} for people: four short sections over the store, each a line per
 * row and "none" when empty (the report names what it looked for either way).
 */
public final class FleetSummaryText {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private FleetSummaryText() {
    }

    public static List<String> lines(FleetReports.Result r, String store, Theme theme, int width) {
        int w = Math.max(60, width);
        List<String> out = new ArrayList<>();
        out.add(theme.bold("Fleet report") + theme.dim(" · " + CountFormat.of(r.applications()) + " applications in " + store
                + " · runs since " + WHEN.format(Instant.ofEpochMilli(r.sinceMs()))));
        section(out, theme, "Rules costing most", r.of("costly-rules"), row -> String.format(Locale.ROOT, "%8s  %s  %s in %s",
                lost(row), text(row, "rule"), count(row, "findings", "finding"), count(row, "applications", "application")));
        section(out, theme, "Recurring top findings (the same verdict in two runs or more)", r.of("recurring"),
                row -> String.format(Locale.ROOT, "%8s  %s: %s in %s of %s runs", lost(row), text(row, "name"), text(row, "rule"),
                        number(row, "runs_with_it"), number(row, "runs")));
        String slower = "Regressions (latest run " + FleetReports.SLOWER_RATIO + "x its median or more, and "
                + DurationFormat.compact(FleetReports.SLOWER_MS) + " slower)";
        section(out, theme, slower, r.of("regressions"), row -> regression(row, r.of("regression-findings")));
        section(out, theme, "New failures (latest run failed, an earlier one completed)", r.of("new-failures"),
                row -> String.format(Locale.ROOT, "%s: %s failed on %s%s", text(row, "name"), text(row, "app_key"),
                        WHEN.format(Instant.ofEpochMilli(((Number) row.get("start_ms")).longValue())),
                        row.get("title") == null ? "" : " · " + text(row, "title")));
        List<String> wrapped = new ArrayList<>();
        for (String line : out) {
            wrapped.addAll(Wrap.lines(line, w, "", "            "));
        }
        return wrapped;
    }

    private static void section(List<String> out, Theme theme, String title, List<Map<String, Object>> rows,
            java.util.function.Function<Map<String, Object>, String> line) {
        out.add("");
        out.add(theme.bold(title));
        if (rows.isEmpty()) {
            out.add(theme.dim("  none"));
        }
        rows.forEach(row -> out.add("  " + line.apply(row)));
    }

    private static String regression(Map<String, Object> row, List<Map<String, Object>> findings) {
        String name = text(row, "name");
        String head = String.format(Locale.ROOT, "%s: %s took %s, median %s over %s earlier runs", name, text(row, "app_key"),
                DurationFormat.compact(((Number) row.get("wall_ms")).doubleValue()),
                DurationFormat.compact(((Number) row.get("median_ms")).doubleValue()), number(row, "earlier_runs"));
        StringBuilder out = new StringBuilder(head);
        findings.stream().filter(f -> row.get("app_key").equals(f.get("app_key")))
                .forEach(f -> out.append("\n    new: ").append(text(f, "rule")).append(" · ").append(text(f, "title")));
        return out.toString();
    }

    private static String lost(Map<String, Object> row) {
        Object s = row.get("seconds_lost");
        return s == null ? "-" : DurationFormat.compact(((Number) s).doubleValue() * 1000);
    }

    private static String count(Map<String, Object> row, String column, String noun) {
        long n = ((Number) row.get(column)).longValue();
        return CountFormat.of(n) + " " + noun + (n == 1 ? "" : "s");
    }

    private static String number(Map<String, Object> row, String column) {
        return CountFormat.of(((Number) row.get(column)).longValue());
    }

    private static String text(Map<String, Object> row, String column) {
        Object v = row.get(column);
        return v == null ? "?" : SafeText.line(v.toString());
    }
}
