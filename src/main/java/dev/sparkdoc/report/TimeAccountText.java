package dev.sparkdoc.report;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.account.Cause;
import dev.sparkdoc.account.TimeAccount;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The time account in two lines of the text report: the wall clock's parts, then the slot time's,
 * each part by its share, largest first; parts under half a percent are left out, parts the
 * source gave no data for named as not measured.
 */
final class TimeAccountText {

    private static final double SHOWN = 0.005;

    private TimeAccountText() {
    }

    static List<String> lines(TimeAccount a, int width) {
        List<String> out = new ArrayList<>();
        if (a.wallMs() <= 0) {
            return out;
        }
        out.addAll(Wrap.lines("Where the time went: " + DurationFormat.of(a.wallMs()) + " wall — "
                + shares(a, Cause.Clock.WALL), width, "", "  "));
        if (a.slotMs() > 0) {
            out.addAll(Wrap.lines("slots: " + DurationFormat.of(a.slotMs()) + " offered — "
                    + shares(a, Cause.Clock.SLOT), width, "  ", "    "));
        }
        out.addAll(Wrap.lines("at best: " + DurationFormat.of(a.idealMs()) + " with every slot busy, "
                + DurationFormat.of(a.criticalPathMs()) + " on the critical path", width, "  ", "    "));
        return out;
    }

    private static String shares(TimeAccount a, Cause.Clock clock) {
        List<String> shown = a.parts().stream()
                .filter(p -> p.cause().clock() == clock && p.measured() && a.share(p.cause()) >= SHOWN)
                .sorted(Comparator.comparingLong(TimeAccount.Part::ms).reversed())
                .map(p -> String.format(Locale.ROOT, "%.0f%% %s", a.share(p.cause()) * 100, p.cause().label()))
                .toList();
        // a part the source gave no data for has no share to show: say it is unknown, not absent
        List<String> unknown = a.parts().stream().filter(p -> p.cause().clock() == clock && !p.measured())
                .map(p -> p.cause().label()).toList();
        String known = shown.isEmpty() ? "none measured" : String.join(", ", shown);
        return unknown.isEmpty() ? known : known + "; not measured (no task metrics): " + String.join(", ", unknown);
    }
}
