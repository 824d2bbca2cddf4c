package dev.sparkdoc.tui;

import static dev.sparkdoc.tui.LineParts.extra;
import static dev.sparkdoc.tui.LineParts.free;
import static dev.sparkdoc.tui.LineParts.key;

import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.source.SourceFault;
import dev.sparkdoc.tui.LineParts.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The bottom row: the filter being typed, what is wrong while reads fail, or the keys that matter
 * here. {@code q quit} and {@code ? help} are never cut: the other hints give way first.
 */
final class FooterView {

    private static final Pattern APP_URL = Pattern.compile("https?://\\S+?/api/v1/applications(/[^/\\s?]+)?");

    private FooterView() {
    }

    /** Always on the row, whatever else has to go: the way out and the way to every other key. */
    private static final String HELP_QUIT = "? help  q quit";

    private static final String BAR = " │ ";
    private static final String QUIT_HELP_BAR = "q quit  ? help" + BAR;
    private static final Pattern DETAILS = Pattern.compile(" — | \\(|; ");

    static void render(UiState s, Frame f) {
        int row = Layout.footerRow(s);
        if (s.editingFilter()) {
            // q and ? are letters of the filter while it is typed: Enter gives them back
            f.parts(0, row, Tone.BOLD, List.of(key("/"), free(s.filter()), key("▏  Enter keeps (then q quit, ? help),"
                    + " Esc clears")));
            return;
        }
        if (s.poll().failing() && s.drill().isEmpty()) {
            // the way to the post-mortem before the details: it is the message that is cut
            if (s.poll().endedLog().isPresent()) {
                // the header says ENDED: the post-mortem is the one thing left to say
                f.parts(0, row, Tone.ALERT, List.of(key(QUIT_HELP_BAR + "it ended: sparkdoc triage "),
                        free(s.poll().endedLog().get())));
                return;
            }
            String message = shortUrls(s.poll().error().orElse(""));
            String hint = eventLogHint(s);
            // what happened ("cannot connect to …: connection refused") stays first; then the way
            // to the post-mortem, where it fits whole, else the message's details
            int split = detailsStart(message);
            String head = message.substring(0, split);
            boolean hintFits = !hint.isEmpty()
                    && SafeText.width(f.glyphs().line(QUIT_HELP_BAR + head + BAR + hint)) <= f.width();
            f.parts(0, row, Tone.ALERT, hintFits ? List.of(key(QUIT_HELP_BAR), free(head), free(BAR + hint))
                    : List.of(key(QUIT_HELP_BAR), free(message)));
            return;
        }
        f.parts(0, row, Tone.DIM, hints(s));
    }

    /**
     * The header names the target already: "http://host:4040/api/v1/applications/app-…/jobs"
     * becomes "…/jobs", so the part that says what happened fits on one row.
     */
    static String shortUrls(String message) {
        return APP_URL.matcher(message).replaceAll("…");
    }

    /** Where a failure message's details (the dash, a bracket, a semicolon) start after what happened. */
    static int detailsStart(String message) {
        var m = DETAILS.matcher(message);
        return m.find() ? m.start() : message.length();
    }

    /** A driver that died left its event log: the way to the post-mortem. */
    private static String eventLogHint(UiState s) {
        if (!s.poll().headline().orElse("").equals(SourceFault.UNREACHABLE.headline()) || s.diagnosis().isEmpty()) {
            return "";
        }
        return "if it died, triage its event log in " + s.diagnosis().get().snapshot().environment()
                .sparkProperty("spark.eventLog.dir").orElse("spark.eventLog.dir");
    }

    /** The keys that matter here, most useful first: the later ones go when the row is short. */
    private static List<Part> hints(UiState s) {
        List<String> keys;
        if (s.drill().isPresent()) {
            keys = switch (s.drill().get().pane()) {
                case FINDINGS -> new ArrayList<>(List.of("↑↓ choose fix", "c copy --conf", "Esc/b back", "Tab pane"));
                case EXECUTORS -> List.of("↑↓ scroll", "r read again", "Esc/b back", "Tab pane");
                default -> List.of("↑↓ scroll", "Esc/b back", "Tab pane");
            };
            if (DriverHeapKeys.canAct(s)) {
                keys.add(1, "h driver heap");
            }
        } else {
            keys = new ArrayList<>(List.of("↑↓/jk move"));
            if (s.pane() == Pane.FINDINGS || s.pane() == Pane.STAGES) {
                keys.add("Enter open");
            }
            if (s.pane() == Pane.EXECUTORS) {
                keys.add("Enter logs");
            }
            if (s.pane() == Pane.FINDINGS) {
                keys.add("c copy");
            }
            keys.addAll(List.of("Tab/1-4 pane", "/ filter", "s sort", "p pause"));
        }
        List<Part> parts = new ArrayList<>();
        keys.forEach(k -> parts.add(extra(k + "  ")));
        parts.add(key(HELP_QUIT));
        return parts;
    }
}
