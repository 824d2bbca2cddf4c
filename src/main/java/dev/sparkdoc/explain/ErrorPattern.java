package dev.sparkdoc.explain;

import dev.sparkdoc.firstaid.Remedy;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entry of {@code explain/patterns.yaml}: which errors it recognises and what to tell the
 * user about them. See the header of that file for the meaning of each field.
 */
public record ErrorPattern(
        String id,
        Set<Target> on,
        List<Pattern> match,
        List<Pattern> context,
        String family,
        String title,
        double confidence,
        List<Remedy> remedies,
        String docs) {

    public ErrorPattern {
        on = Set.copyOf(on);
        match = List.copyOf(match);
        context = List.copyOf(context);
        remedies = List.copyOf(remedies);
    }

    /** What a pattern's {@code match} is tried on. */
    public enum Target {
        /** the root cause (innermost exception) */
        ROOT,
        /** any exception of the chain, e.g. the SparkException around a TimeoutException */
        CHAIN,
        /** a warning or error log line that names no exception */
        LOG
    }

    boolean matches(ErrorChain chain) {
        boolean hit;
        if (chain.isLogLine()) {
            hit = on.contains(Target.LOG) && matchesOne(chain.root());
        } else {
            hit = on.contains(Target.ROOT) && matchesOne(chain.root())
                    || on.contains(Target.CHAIN) && chain.elements().stream().anyMatch(this::matchesOne);
        }
        return hit && (context.isEmpty() || context.stream().anyMatch(c -> c.matcher(chain.text()).find()));
    }

    private boolean matchesOne(Thrown t) {
        String text = t.matchText();
        return match.stream().anyMatch(p -> p.matcher(text).find());
    }
}
