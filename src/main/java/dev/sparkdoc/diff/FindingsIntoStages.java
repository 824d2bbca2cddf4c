package dev.sparkdoc.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A new finding on a stage that changed is part of that stage's story ("took +40 s: skew
 * appeared" and "Data skew in stage 7"): it is told inside the stage's change, which it makes
 * significant, instead of as a second item.
 */
final class FindingsIntoStages {

    private FindingsIntoStages() {
    }

    static List<Change> merge(List<Change> changes, List<Change> findings) {
        List<Change> out = new ArrayList<>(changes);
        for (Change f : findings) {
            Optional<Change> stage = out.stream()
                    .filter(c -> c.kind() == ChangeKind.STAGE && c.currentId().equals(f.currentId()))
                    .findFirst();
            if (stage.isEmpty()) {
                out.add(f);
                continue;
            }
            Change s = stage.get();
            List<String> details = new ArrayList<>(s.details());
            details.add(f.title() + " — " + String.join("; ", f.details()));
            out.set(out.indexOf(s), new Change(s.kind(), s.title(), s.where(), s.baselineId(), s.currentId(),
                    s.secondsExplained(), true, details, s.metrics()));
        }
        return out;
    }
}
