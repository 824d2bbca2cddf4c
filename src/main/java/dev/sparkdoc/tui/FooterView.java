package dev.sparkdoc.tui;

import dev.sparkdoc.source.rest.RestFault;
import java.util.regex.Pattern;

/** The bottom row: the filter being typed, what is wrong while reads fail, or the keys that matter here. */
final class FooterView {

    private static final Pattern APP_URL = Pattern.compile("https?://\\S+?/api/v1/applications(/[^/\\s?]+)?");

    private FooterView() {
    }

    static void render(UiState s, Frame f) {
        int row = Layout.footerRow(s);
        if (s.editingFilter()) {
            f.text(0, row, "/" + s.filter() + "▏  Enter keeps the filter, Esc clears it", Tone.BOLD);
            return;
        }
        if (s.poll().failing() && s.drill().isEmpty()) {
            f.text(0, row, "q quit  ? help │ " + shortUrls(s.poll().error().orElse("")) + eventLogHint(s), Tone.ALERT);
            return;
        }
        f.text(0, row, hints(s), Tone.DIM);
    }

    /**
     * The header names the target already: "http://host:4040/api/v1/applications/app-…/jobs"
     * becomes "…/jobs", so the part that says what happened fits on one row.
     */
    static String shortUrls(String message) {
        return APP_URL.matcher(message).replaceAll("…");
    }

    /** A driver that died left its event log: the way to the post-mortem. */
    private static String eventLogHint(UiState s) {
        if (!s.poll().headline().orElse("").equals(RestFault.Kind.UNREACHABLE.headline()) || s.diagnosis().isEmpty()) {
            return "";
        }
        return " │ if it died, triage its event log in " + s.diagnosis().get().snapshot().environment()
                .sparkProperty("spark.eventLog.dir").orElse("spark.eventLog.dir");
    }

    private static String hints(UiState s) {
        if (s.drill().isPresent()) {
            return s.drill().get().pane() == Pane.FINDINGS
                    ? "↑↓ choose fix  c copy --conf  Esc/b back  Tab pane  ? help  q quit"
                    : "↑↓ scroll  Esc/b back  Tab pane  ? help  q quit";
        }
        String open = s.pane() == Pane.FINDINGS || s.pane() == Pane.STAGES ? "Enter open  " : "";
        String copy = s.pane() == Pane.FINDINGS ? "c copy  " : "";
        return "↑↓/jk move  " + open + copy + "Tab/1-4 pane  / filter  s sort  p pause  ? help  q quit";
    }
}
