package dev.sparkdoc.report;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fleet report for people: a one-line verdict, then one ranked table row per application
 * (worst level, time lost by its top finding, duration, id and name) with its top finding below.
 * Fixed columns take 33 characters; the rest of the width (47 at 80 columns) holds the
 * application and its finding. Times are compact ({@code 6.2s}, {@code 8m55s}) to leave room.
 */
public final class FleetText {

    private static final String ROW = "%3s  %-8s  %6s  %8s  ";
    private static final int FIXED = String.format(Locale.ROOT, ROW, "", "", "", "").length();
    private static final String INDENT = " ".repeat(FIXED);
    /** Errors carry URLs that cannot be wrapped: they get most of the width. */
    private static final String ERROR_INDENT = " ".repeat(5);
    private static final DateTimeFormatter SINCE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private FleetText() {
    }

    public static List<String> lines(FleetReport r, Theme theme, int width) {
        int w = Math.max(FIXED + 20, width);
        List<String> out = new ArrayList<>();
        // nothing read is painted as the worst there is: the server, not the applications, needs looking at
        Severity worst = r.verdict().worstSeverity().orElse(Severity.CRITICAL);
        Wrap.lines(r.verdict().label() + ": " + r.verdict().summary(), w, "", "    ")
                .forEach(line -> out.add(theme.severity(worst, line)));
        Wrap.lines(scope(r), w, "", "  ").forEach(line -> out.add(theme.dim(line)));
        if (r.applications().isEmpty()) {
            return out;
        }
        out.add("");
        out.add(theme.bold(String.format(Locale.ROOT, ROW, "#", "WORST", "LOST", "DURATION") + "APPLICATION · TOP FINDING"));
        for (FleetReport.Entry e : r.applications()) {
            row(e, w, theme, out);
        }
        if (r.applications().size() >= r.source().limit() && r.source().limit() < Integer.MAX_VALUE) {
            out.add("");
            out.add(theme.dim("the newest " + r.source().limit() + " only: raise --limit N for more"));
        }
        return out;
    }

    private static String scope(FleetReport r) {
        Map<String, Integer> c = r.verdict().counts();
        String since = r.source().since().map(s -> " since " + SINCE.format(s)).orElse("");
        String counts = nonZero(c, List.of("critical", "warning", "info", "ok", "error")).replace(" error", " unreadable");
        String tail = (counts.isEmpty() ? "" : " · " + counts)
                + r.source().unchanged().filter(n -> n > 0).map(n -> " · " + n + " unchanged in the store").orElse("");
        if (r.source().kind() == SourceKind.EVENTLOG) {
            int n = r.applications().size();
            return n + (n == 1 ? " event log" : " event logs") + " read in " + r.source().target() + since + tail;
        }
        return FleetReport.apps(r.applications().size()).replace("application", "completed application")
                + " at " + r.source().target() + since + tail;
    }

    private static void row(FleetReport.Entry e, int w, Theme theme, List<String> out) {
        FleetReport.App app = e.application();
        String level = e.error().isPresent() ? "error" : e.verdict().map(v -> v.worstSeverity().id()).orElse("?");
        String lost = e.findings().isEmpty() || !e.findings().get(0).costMeasured() ? "-" : DurationFormat.compact(e.findings().get(0).secondsLost() * 1000);
        String cells = String.format(Locale.ROOT, "%3d  ", e.rank())
                + paint(theme, e, String.format(Locale.ROOT, "%-8s", level))
                + String.format(Locale.ROOT, "  %6s  %8s  ", lost, DurationFormat.compact(app.durationMs()));
        out.add(cells + title(app, w - FIXED));
        if (e.error().isPresent()) {
            Wrap.lines("could not be read: " + e.error().get(), w, ERROR_INDENT, ERROR_INDENT + "  ")
                    .forEach(line -> out.add(theme.dim(line)));
            return;
        }
        if (e.findings().isEmpty()) {
            out.add(theme.dim(INDENT + e.verdict().map(TriageReport.Verdict::summary).orElse("")));
            return;
        }
        Finding top = e.findings().get(0);
        out.addAll(Wrap.lines(top.family() + " · " + top.title(), w, INDENT, INDENT + "  "));
        out.addAll(Wrap.lines(totals(e), w, INDENT, INDENT + "  ").stream().map(theme::dim).toList());
    }

    /** The id in full (people copy it into {@code --app}), the name cut to what fits. */
    private static String title(FleetReport.App app, int room) {
        String id = app.id() + app.attemptId().map(a -> " (attempt " + a + ")").orElse("");
        String safeId = SafeText.line(id);
        int left = room - SafeText.width(safeId) - 2;
        if (app.name().isBlank() || left < 4) {
            return safeId;
        }
        return safeId + "  " + SafeText.fit(SafeText.capped(app.name()), left);
    }

    private static String totals(FleetReport.Entry e) {
        Map<String, Integer> c = e.verdict().map(TriageReport.Verdict::counts).orElse(Map.of());
        return DurationFormat.of(e.secondsLost() * 1000) + " lost in all · " + nonZero(c, List.of("critical", "warning", "info"));
    }

    /** "2 warning, 1 info": the counts that are not zero, in the given order. */
    private static String nonZero(Map<String, Integer> counts, List<String> keys) {
        return keys.stream().filter(k -> counts.getOrDefault(k, 0) > 0).map(k -> counts.get(k) + " " + k)
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static String paint(Theme theme, FleetReport.Entry e, String cell) {
        if (e.error().isPresent()) {
            return theme.severity(Severity.CRITICAL, cell);
        }
        return e.verdict().map(v -> theme.severity(v.worstSeverity(), cell)).orElse(cell);
    }
}
