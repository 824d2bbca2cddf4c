package dev.sparkdoc.report;

import dev.sparkdoc.facts.ByteFormat;
import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.signals.ProfileSummary;
import dev.sparkdoc.signals.ProfileSummary.FunctionTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A PySpark profiler dump in the triage text: one block per profile (its top functions by
 * cumulative and own time, or the lines whose memory grew), and the one line a python or udf
 * finding shows as evidence from the profile of its UDF.
 */
final class ProfileText {

    /** The text shows the head of each list; --json has the top five. */
    private static final int SHOWN = 3;

    private ProfileText() {
    }

    static List<String> section(List<ProfileSummary> profiles, int w) {
        List<String> out = new ArrayList<>();
        out.add("Python profiles");
        for (ProfileSummary p : profiles) {
            out.addAll(Wrap.lines(heading(p), w, "  ", "    "));
            if (p.profiler().equals("perf")) {
                times("by cumulative time", p.byCumulative(), w, out);
                times("by own time", p.byOwn(), w, out);
            } else if (p.memoryGrew().isEmpty()) {
                out.add("    no line's memory grew");
            } else {
                out.add("    memory grew most at");
                for (ProfileSummary.MemoryGrowth g : p.memoryGrew().subList(0, Math.min(SHOWN, p.memoryGrew().size()))) {
                    out.addAll(Wrap.lines("+" + ByteFormat.of(g.incrementBytes()) + "  " + g.line() + "  " + g.contents()
                            + " (" + CountFormat.of(g.occurrences()) + "×, " + ByteFormat.of(g.usageBytes()) + " after)",
                            w, "      ", "        "));
                }
            }
        }
        return out;
    }

    /** The evidence a finding on a query gets from its UDF's profile: where the time or the memory went. */
    static String evidence(ProfileSummary p) {
        String who = who(p) + " (" + p.file() + ")";
        if (p.profiler().equals("memory")) {
            return p.memoryGrew().isEmpty() ? who + ": no line's memory grew"
                    : who + ": memory grew most at " + p.memoryGrew().get(0).line() + " (+"
                    + ByteFormat.of(p.memoryGrew().get(0).incrementBytes()) + ")";
        }
        if (p.byOwn().isEmpty()) {
            return who + ": no time measured";
        }
        FunctionTime own = p.byOwn().get(0);
        return who + ": " + percent(own.share()) + " of its " + DurationFormat.of(p.totalSeconds().orElse(0.0) * 1000)
                + " in " + own.function();
    }

    private static String heading(ProfileSummary p) {
        String where = p.queries().isEmpty() ? ""
                : ", query " + p.queries().stream().map(String::valueOf).collect(Collectors.joining(", "));
        String measured = p.profiler().equals("perf")
                ? ": " + DurationFormat.of(p.totalSeconds().orElse(0.0) * 1000) + " in " + calls(p.calls().orElse(0L))
                : ": memory by line";
        return who(p) + where + " (" + p.file() + ")" + measured;
    }

    private static String who(ProfileSummary p) {
        return p.target().toUpperCase(Locale.ROOT) + " " + p.udf().map(n -> n + " ").orElse("") + "#" + p.id();
    }

    private static void times(String label, List<FunctionTime> times, int w, List<String> out) {
        if (times.isEmpty()) {
            return;
        }
        out.add("    " + label);
        for (FunctionTime t : times.subList(0, Math.min(SHOWN, times.size()))) {
            out.addAll(Wrap.lines(String.format(Locale.ROOT, "%5s %9s  ", percent(t.share()), DurationFormat.of(t.seconds() * 1000))
                    + t.function() + "  " + calls(t.calls()), w, "      ", "        "));
        }
    }

    private static String calls(long n) {
        return CountFormat.of(n) + (n == 1 ? " call" : " calls");
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
