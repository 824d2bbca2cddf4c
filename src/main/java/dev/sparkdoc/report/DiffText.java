package dev.sparkdoc.report;

import dev.sparkdoc.diff.Change;
import dev.sparkdoc.diff.DiffResult;
import dev.sparkdoc.diff.FindingOutcome;
import dev.sparkdoc.diff.TimeChange;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.rules.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The diff for people: a verdict, where the time difference went (when beyond noise), the two runs, what was lined up, then the changes ranked by
 * the time they explain. Each change: a left column with that time (or its kind), where, what,
 * and the numbers, wrapped under a hanging indent.
 */
public final class DiffText {

    private static final int COLUMN = 14;

    private DiffText() {
    }

    public static List<String> lines(DiffReport r, Theme theme, int width, int hidden) {
        int w = Math.max(40, width);
        List<String> out = new ArrayList<>();
        Severity level = r.verdict().worse() ? Severity.CRITICAL : r.verdict().significant() ? Severity.WARNING : Severity.OK;
        String head = r.verdict().worse() ? "WORSE" : r.verdict().significant() ? "CHANGED" : "SAME";
        Wrap.lines(head + ": " + r.verdict().summary(), w, "", "    ").forEach(l -> out.add(theme.severity(level, l)));
        r.timeChange().flatMap(TimeChange::headline).ifPresent(h -> out.addAll(Wrap.lines("time: " + h, w, "", "    ")));
        out.add("");
        run("baseline", r.baseline(), w, theme, out);
        run("current", r.current(), w, theme, out);
        out.addAll(Wrap.lines(matched(r.matched()), w, pad("matched"), " ".repeat(COLUMN)));
        int n = 0;
        for (Change c : r.changes()) {
            out.add("");
            change(++n, c, w, theme, out);
        }
        if (hidden > 0) {
            out.add("");
            out.add(theme.dim(hidden + " change(s) within noise not shown: use --all"));
        }
        if (!r.findings().isEmpty()) {
            out.add("");
            out.add(theme.bold("Findings of the baseline"));
            for (FindingOutcome f : r.findings()) {
                finding(f, w, theme, out);
            }
        }
        return out;
    }

    /** {@code gone       skew.stage-task-time  stage 3 "…": 8.2 s warning lost before, 8.2 s saved}, then its facts. */
    private static void finding(FindingOutcome f, int w, Theme theme, List<String> out) {
        String indent = " ".repeat(COLUMN);
        List<String> first = Wrap.lines(f.rule() + " on " + f.where(), w, pad(f.status().id()), indent + "  ");
        Severity tone = switch (f.status()) {
            case GONE, BETTER -> Severity.OK;
            case UNCHANGED -> Severity.WARNING;
            case WORSE -> Severity.CRITICAL;
        };
        out.add(theme.severity(tone, first.get(0)));
        out.addAll(first.subList(1, first.size()));
        out.addAll(Wrap.lines(f.summary(), w, indent, indent + "  "));
        for (Change.Metric m : f.facts()) {
            FactUnit unit = FactUnit.of(m.unit());
            Wrap.lines(m.name() + ": " + FactFormat.human(m.before(), unit) + " → " + FactFormat.human(m.after(), unit), w,
                    indent + "· ", indent + "  ").forEach(l -> out.add(theme.dim(l)));
        }
    }

    private static void run(String label, DiffReport.Run run, int w, Theme theme, List<String> out) {
        TriageReport.App a = run.application();
        String text = a.name() + " (" + a.id() + ") · Spark " + a.sparkVersion().orElse("?") + " · " + a.shownState() + " · "
                + a.shownDuration() + " · " + run.source().kind().jsonName() + " " + run.source().target();
        List<String> lines = Wrap.lines(text, w, pad(label), " ".repeat(COLUMN));
        out.add(theme.bold(lines.get(0)));
        out.addAll(lines.subList(1, lines.size()));
    }

    private static String matched(DiffResult.Matched m) {
        return count(m.stages(), "stage") + ", " + count(m.jobs(), "job") + ", " + count(m.queries(), "query");
    }

    private static String count(DiffResult.Count c, String what) {
        String plural = what.equals("query") ? "queries" : what + "s";
        String s = c.matched() + " " + (c.matched() == 1 ? what : plural);
        if (c.added() + c.removed() > 0) {
            s += " (" + c.added() + " added, " + c.removed() + " removed)";
        }
        return s;
    }

    private static void change(int n, Change c, int w, Theme theme, List<String> out) {
        String left = n + ". " + c.secondsExplained().map(DiffText::signed).orElse(c.kind().id());
        String indent = " ".repeat(COLUMN);
        // A property or a version names itself in the title: one line says it all.
        boolean titleSaysWhere = c.title().toLowerCase(Locale.ROOT).contains(c.where().toLowerCase(Locale.ROOT));
        List<String> first = Wrap.lines(titleSaysWhere ? c.title() : c.where(), w, pad(left), indent + (titleSaysWhere ? "  " : ""));
        out.add(theme.bold(first.get(0)));
        out.addAll(first.subList(1, first.size()));
        if (!titleSaysWhere) {
            out.addAll(Wrap.lines(c.title(), w, indent, indent + "  "));
        }
        for (String d : c.details()) {
            Wrap.lines(d, w, indent + "· ", indent + "  ").forEach(l -> out.add(theme.dim(l)));
        }
    }

    private static String signed(double seconds) {
        return (seconds >= 0 ? "+" : "−") + DurationFormat.of(Math.abs(seconds) * 1000);
    }

    private static String pad(String label) {
        return String.format(Locale.ROOT, "%-" + (COLUMN - 1) + "s ", label);
    }
}
