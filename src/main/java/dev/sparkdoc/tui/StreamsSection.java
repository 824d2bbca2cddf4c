package dev.sparkdoc.tui;

import dev.sparkdoc.facts.CountFormat;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import java.util.List;
import java.util.Optional;

/**
 * The application's Structured Streaming queries, under the stage table when it runs any: per
 * query run its finished micro-batches, the last one's time and rows, the median of the recent
 * ones, and the streaming finding on it, if one is at warning or above, marked by its rule's name. Live, the
 * batches are the micro-batch jobs a driver lists ({@code source.rest.LiveStreams}).
 */
final class StreamsSection {

    /** Query runs shown; the rest are counted in the title line. */
    static final int MAX_QUERIES = 3;
    /** Recent batches the median is read over, as the streaming facts' window. */
    private static final int RECENT = 20;

    private StreamsSection() {
    }

    /** Rows the section takes at the foot of the body: none without streams. */
    static int height(UiState s) {
        int n = queries(s).size();
        return n == 0 ? 0 : 1 + Math.min(n, MAX_QUERIES);
    }

    static void render(UiState s, Frame f, int top) {
        List<StreamingQuery> all = queries(s);
        if (all.isEmpty()) {
            return;
        }
        String more = all.size() > MAX_QUERIES ? " (" + MAX_QUERIES + " of " + all.size() + ")" : "";
        f.text(1, top, "Streaming queries" + more, Tone.ACCENT);
        Diagnosis d = s.diagnosis().orElseThrow();
        for (int i = 0; i < Math.min(all.size(), MAX_QUERIES); i++) {
            StreamingQuery q = all.get(i);
            Optional<Finding> serious = d.atLeast(Severity.WARNING).stream()
                    .filter(x -> x.scope().kind() == ScopeKind.STREAM && x.scope().id().equals(q.id())).findFirst();
            String line = line(q, serious.map(x -> " ▲ " + mark(x)).orElse(""));
            f.text(1, top + 1 + i, f.width() - 2, line, serious.isPresent() ? Tone.WARNING : Tone.NORMAL);
        }
    }

    /** "orders_stream ▲ falling behind  4 batches · last 18.2 s, 320 rows · p50 14.0 s": the mark first, before a narrow screen cuts. */
    static String line(StreamingQuery q, String mark) {
        String name = (q.name().isEmpty() ? "query " + q.id().substring(0, 8) : q.name()) + mark;
        List<StreamingProgress> recent = q.recent().subList(Math.max(0, q.recent().size() - RECENT), q.recent().size());
        if (recent.isEmpty()) {
            return name + "  no micro-batch finished yet";
        }
        StreamingProgress last = recent.get(recent.size() - 1);
        long[] ms = recent.stream().mapToLong(StreamingProgress::durationMs).sorted().toArray();
        return name + "  " + CountFormat.of(q.batches()) + (q.batches() == 1 ? " batch" : " batches")
                + " · last " + DurationFormat.of(last.durationMs()) + ", " + CountFormat.of(last.numInputRows()) + " rows"
                + " · p50 " + DurationFormat.of(ms[(ms.length - 1) / 2]);
    }

    /** The finding in two words, from its rule's name: "falling behind", "query failed" (its title is in the Findings pane). */
    static String mark(Finding x) {
        String rule = x.rule();
        return rule.substring(rule.indexOf('.') + 1).replace('-', ' ');
    }

    private static List<StreamingQuery> queries(UiState s) {
        return s.diagnosis().map(d -> d.snapshot().streamingQueries()).orElse(List.of());
    }
}
