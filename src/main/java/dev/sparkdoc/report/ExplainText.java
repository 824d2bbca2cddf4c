package dev.sparkdoc.report;

import dev.sparkdoc.firstaid.Remedy;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.Thrown;
import dev.sparkdoc.firstaid.Families;
import dev.sparkdoc.rules.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code sparkdoc explain} for people: each error's root cause, where, why, and what to change. */
public final class ExplainText {

    private static final int MAX_MESSAGE = 300;

    private ExplainText() {
    }

    public static List<String> lines(List<ExplainedError> errors) {
        List<String> out = new ArrayList<>();
        if (errors.isEmpty()) {
            out.add("No Spark, JVM or Python error found in the text.");
            return out;
        }
        out.add(errors.size() == 1 ? "1 error found:" : errors.size() + " distinct errors found, in the order they first appeared:");
        int n = 0;
        for (ExplainedError e : errors) {
            n++;
            out.add("");
            out.add(n + ". " + headline(e));
            out.add("   what:   " + e.title());
            e.userFrame().ifPresent(f -> out.add("   where:  " + f.location() + (f.function().isEmpty() ? "" : ", in " + f.function())));
            out.add("   family: " + e.family() + " (" + Families.title(e.family()).orElse(e.family()) + ")"
                    + (e.recognised() ? "" : String.format(Locale.ROOT, ", confidence %.1f", e.confidence())));
            if (e.chain().size() > 1) {
                out.add("   chain:  " + e.chain().stream().map(Thrown::simpleName).collect(Collectors.joining(" > ")));
            }
            if (e.occurrences() > 1) {
                out.add("   seen:   " + e.occurrences() + " times, first at line " + e.firstLine());
            }
            for (Remedy r : e.remedies()) {
                out.add("   fix:    " + r.text());
                r.conf().forEach((k, v) -> out.add("           --conf " + k + "=" + v));
                r.code().ifPresent(c -> c.lines().forEach(l -> out.add("           " + l)));
            }
            if (!e.docs().isBlank()) {
                out.add("   docs:   " + e.docs());
            }
        }
        return out;
    }

    private static String headline(ExplainedError e) {
        String message = e.message().length() > MAX_MESSAGE ? e.message().substring(0, MAX_MESSAGE) + "…" : e.message();
        return message.isEmpty() ? e.exception() : e.exception() + ": " + message;
    }
}
