package dev.sparkdoc.explain;

import java.util.List;

/**
 * One error as printed: its exceptions from the outermost wrapper to the root cause, and the raw
 * text it spans (for context patterns such as "thrown on the driver's main thread").
 *
 * @param elements  outermost first, root cause last; never empty
 * @param text      the lines the error spans, bounded in length
 * @param firstLine the 1-based line it starts on, to keep errors in the order they happened
 */
public record ErrorChain(List<Thrown> elements, String text, int firstLine) {

    public ErrorChain {
        elements = List.copyOf(elements);
        if (elements.isEmpty()) {
            throw new IllegalArgumentException("an error chain needs at least one exception");
        }
    }

    public Thrown root() {
        return elements.get(elements.size() - 1);
    }

    public boolean isLogLine() {
        return root().origin() == Thrown.Origin.LOG;
    }
}
