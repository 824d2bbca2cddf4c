package dev.sparkdoc.report;

import dev.sparkdoc.account.WhatIf;
import dev.sparkdoc.facts.DurationFormat;
import dev.sparkdoc.signals.WhatIfSignals;
import java.util.ArrayList;
import java.util.List;

/** {@code triage --what-if}: the estimate in one line, how close the replay came to the record, and its assumptions. */
final class WhatIfText {

    private WhatIfText() {
    }

    static List<String> lines(WhatIf w, int width) {
        List<String> out = new ArrayList<>();
        out.addAll(Wrap.lines("What if: " + WhatIfSignals.sentence(w) + " (stages running ~"
                + DurationFormat.of(w.estimateStagesRunningMs()) + " instead of " + DurationFormat.of(w.recordedStagesRunningMs()) + ")",
                width, "", "  "));
        out.addAll(Wrap.lines("the replay on the app's own slots: stages running " + DurationFormat.of(w.replayStagesRunningMs())
                + " (recorded " + DurationFormat.of(w.recordedStagesRunningMs()) + "); only the difference is taken"
                + (w.reliable() ? "" : "; ROUGH: the replay misses the record by over 25 %, the slots or task durations read are not those"
                        + " that ran"), width, "  ", "    "));
        out.addAll(Wrap.lines("assumes: " + String.join("; ", w.assumptions()), width, "  ", "    "));
        return out;
    }
}
