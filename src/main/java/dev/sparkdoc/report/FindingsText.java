package dev.sparkdoc.report;

import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.FactFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** A plain listing of findings, ranked, for people: the text the triage command prints. */
public final class FindingsText {

    private FindingsText() {
    }

    public static List<String> lines(Diagnosis d, Severity minimum, int top) {
        List<String> out = new ArrayList<>(SnapshotSummary.lines(d.snapshot()).stream()
                .map(l -> l.replaceFirst("^sparkdoc: ", "")).toList());
        List<Finding> shown = d.atLeast(minimum).stream().limit(top).toList();
        out.add("");
        out.add(verdict(d, shown));
        int n = 0;
        for (Finding f : shown) {
            n++;
            out.add("");
            out.add(String.format(Locale.ROOT, "%d. [%s] %s  (%s, %s lost)", n, f.severity().id().toUpperCase(Locale.ROOT),
                    f.title(), f.family(), FactFormat.duration(f.secondsLost() * 1000)));
            out.add("   where: " + f.scope().label());
            out.add("   evidence: " + f.evidence().stream().map(FindingsText::evidence).collect(Collectors.joining("; ")));
            for (Finding.Remedy r : f.remedies()) {
                out.add("   fix: " + r.text());
                r.conf().forEach((k, v) -> out.add("        --conf " + k + "=" + v));
                r.code().ifPresent(c -> out.add("        code: " + c));
            }
            if (!f.verify().isBlank()) {
                out.add("   verify: " + f.verify());
            }
            if (!f.docs().isBlank()) {
                out.add("   docs: " + f.docs());
            }
        }
        int hidden = d.findings().size() - shown.size();
        if (hidden > 0) {
            out.add("");
            out.add(hidden + " more finding(s) not shown (use --all or --top)");
        }
        return out;
    }

    static String verdict(Diagnosis d, List<Finding> shown) {
        if (shown.isEmpty()) {
            return d.findings().isEmpty() ? "OK: nothing found" : "OK: nothing at warning or above";
        }
        Finding first = shown.get(0);
        return String.format(Locale.ROOT, "%s: %d finding(s); worst cost: %s (%s lost)",
                d.worst().id().toUpperCase(Locale.ROOT), shown.size(), first.title(),
                FactFormat.duration(first.secondsLost() * 1000));
    }

    private static String evidence(Finding.Evidence e) {
        String base = e.fact() + " = " + e.display();
        if (e.op().isPresent() && e.threshold().isPresent()) {
            return base + " (" + e.op().get() + " " + thresholdDisplay(e) + ")";
        }
        return base;
    }

    private static String thresholdDisplay(Finding.Evidence e) {
        return dev.sparkdoc.signals.FactCatalog.find(e.fact())
                .map(def -> FactFormat.human(e.threshold().get(), def.unit()))
                .orElse(FactFormat.raw(e.threshold().get()));
    }
}
