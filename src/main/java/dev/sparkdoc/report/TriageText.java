package dev.sparkdoc.report;

import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The triage report for people: a one-line verdict, the application header, then the findings
 * ranked by the time they cost, each with where, evidence, fixes to copy and how to verify.
 */
public final class TriageText {

    private static final String INDENT = "   ";
    private static final String LABEL = "%-9s";

    private TriageText() {
    }

    /**
     * Prints the report of a diagnosis to a terminal or pipe, at the terminal's width: what
     * 'triage' shows, and 'attach' when stdout is not a terminal.
     */
    public static void print(TriageReport report, Diagnosis d, Theme theme, java.io.PrintStream out) {
        int hidden = d.findings().size() - report.findings().size();
        TerminalOut.print(lines(report, theme, TerminalWidth.detect(), hidden), theme, out);
    }

    public static List<String> lines(TriageReport r, Theme theme, int width, int hidden) {
        List<String> out = new ArrayList<>();
        int w = Math.max(40, width);
        // the headline's level is that of the finding it names: "CRITICAL" over a warning's title would misstate it
        Severity named = r.verdict().severity();
        String level = named.id().toUpperCase(Locale.ROOT);
        out.addAll(styledWrap(level + ": " + r.verdict().summary(), w, "", "    ", s -> theme.severity(named, s)));
        out.add(theme.dim(counts(r)));
        out.add("");
        header(r, w, theme, out);
        r.timeAccount().ifPresent(account -> {
            List<String> lines = TimeAccountText.lines(account, w);
            if (!lines.isEmpty()) {
                out.add("");
                out.addAll(lines);
            }
        });
        r.whatIf().ifPresent(estimate -> {
            out.add("");
            out.addAll(WhatIfText.lines(estimate, w));
        });
        int n = 0;
        for (Finding f : r.findings()) {
            out.add("");
            finding(++n, f, r.profilesOf(f), w, theme, out);
        }
        if (!r.profiles().isEmpty()) {
            out.add("");
            out.addAll(ProfileText.section(r.profiles(), w));
        }
        if (hidden > 0) {
            out.add("");
            out.add(theme.dim(hidden + " more finding(s) not shown: use --all (info level) or --top N"));
        }
        return out;
    }

    private static String counts(TriageReport r) {
        var c = r.verdict().counts();
        return String.format(Locale.ROOT, "%d critical, %d warning, %d info", c.get("critical"), c.get("warning"), c.get("info"));
    }

    private static String executors(TriageReport.Executors e) {
        // the slots at the end, and the most the stages had when executors went before it
        String slots = e.slots() + " slots" + (e.peakSlots() > e.slots() ? " (" + e.peakSlots() + " at most)" : "");
        return e.driverRunsTasks() ? "local mode, " + slots
                : e.active() + "/" + e.total() + " executors, " + slots;
    }

    private static void header(TriageReport r, int w, Theme theme, List<String> out) {
        TriageReport.App a = r.application();
        String app = a.name() + " (" + a.id() + a.attemptId().map(x -> ", attempt " + x).orElse("") + ")";
        String facts = "Spark " + a.sparkVersion().orElse("?") + " · " + a.shownState() + " · "
                + a.shownDuration() + " · " + executors(a.executors());
        out.addAll(styledWrap(app, w, "", "  ", theme::bold));
        out.addAll(Wrap.lines(facts, w, "", "  "));
        String source = "read from " + r.source().kind().jsonName() + " " + r.source().target()
                + (r.source().complete() ? "" : " (incomplete)");
        out.addAll(styledWrap(source, w, "", "  ", theme::dim));
        for (String note : r.source().notes()) {
            out.addAll(styledWrap("note: " + note, w, "", "      ", theme::dim));
        }
    }

    private static void finding(int n, Finding f, List<dev.sparkdoc.signals.ProfileSummary> profiles, int w, Theme theme,
            List<String> out) {
        String lost = f.lostText(s -> DurationFormat.of(s * 1000));
        String number = n + ". ";
        List<String> title = Wrap.lines(f.severity().id().toUpperCase(Locale.ROOT) + "  " + f.title(), w,
                number, " ".repeat(number.length()));
        for (int i = 0; i < title.size(); i++) {
            out.add(i == 0 ? theme.severity(f.severity(), title.get(i)) : theme.bold(title.get(i)));
        }
        out.addAll(Wrap.lines(f.family() + " · " + f.where() + " · " + lost
                + (f.confidence() < 1 ? String.format(Locale.ROOT, " · confidence %.0f%%", f.confidence() * 100) : ""),
                w, INDENT, INDENT + "  "));
        String pad = INDENT + label("");
        if (!f.alsoIn().isEmpty()) {
            out.addAll(Wrap.lines(f.scope().kind().id() + (f.alsoIn().size() == 1 ? " " : "s ") + f.alsoInList(12), w, INDENT + label("also in"), pad));
        }
        boolean firstEvidence = true;
        for (Finding.Evidence e : f.evidence()) {
            out.addAll(Wrap.lines(evidence(e), w, firstEvidence ? INDENT + label("evidence") : pad, pad + "  "));
            firstEvidence = false;
        }
        for (var p : profiles) {
            out.addAll(Wrap.lines(ProfileText.evidence(p), w, INDENT + label("profile"), pad + "  "));
        }
        for (int i = 0; i < f.settings().size(); i++) {
            out.addAll(Wrap.lines(f.settings().get(i).display(), w, i == 0 ? INDENT + label("settings") : pad, pad + "  "));
        }
        for (String line : RemedyLines.of(f.remedies())) {
            if (line.startsWith("  ")) {
                // Config and code are copied as they are: never wrapped.
                out.add(theme.conf(pad + line));
            } else {
                out.addAll(atMostTwo(Wrap.lines(line, w, INDENT + label("fix"), pad), w));
            }
        }
        if (!f.verifyText().isBlank()) {
            out.addAll(Wrap.lines(f.verifyText(), w, INDENT + label("verify"), pad));
        }
        if (!f.docs().isBlank()) {
            out.add(theme.dim(INDENT + label("docs") + f.docs()));
        }
    }

    /**
     * A fix is read at a glance: two lines, the rest cut with "…" (the whole text and its why are
     * in the detail view and {@code --json}).
     */
    private static List<String> atMostTwo(List<String> lines, int width) {
        if (lines.size() <= 2) {
            return lines;
        }
        String second = lines.get(1).stripTrailing();
        return List.of(lines.get(0), (second.length() >= width ? second.substring(0, width - 1) : second) + "…");
    }

    private static String label(String name) {
        return String.format(Locale.ROOT, LABEL, name) + " ";
    }

    static String evidence(Finding.Evidence e) {
        String base = e.fact() + " = " + e.display();
        if (e.op().isPresent() && e.threshold().isPresent()) {
            String threshold = e.human(e.threshold().get());
            return base + "  (" + e.op().get() + " " + threshold + ")";
        }
        return base;
    }

    private static List<String> styledWrap(String text, int w, String first, String rest, java.util.function.UnaryOperator<String> style) {
        return Wrap.lines(text, w, first, rest).stream().map(style).toList();
    }
}
