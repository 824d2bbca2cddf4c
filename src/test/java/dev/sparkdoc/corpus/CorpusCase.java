package dev.sparkdoc.corpus;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * One application of the scored corpus: its event log and what a Spark expert named first, written
 * down by whoever wrote the application without reading sparkdoc's rules.
 *
 * @param family  the family an expert names first, or {@code healthy}
 * @param accept  other families an expert would also accept as the first finding (empty for most)
 * @param problem one sentence of what is wrong, as the author put it
 */
record CorpusCase(String name, String spark, String mode, String lang, String family, Set<String> accept,
        String problem, Path log) {

    static final String HEALTHY = "healthy";

    boolean healthy() {
        return family.equals(HEALTHY);
    }

    /** Whether a top finding of {@code topFamily} (empty: nothing at warning) names this case right. */
    boolean rightWith(java.util.Optional<String> topFamily) {
        if (healthy()) {
            return topFamily.isEmpty();
        }
        return topFamily.filter(f -> f.equals(family) || accept.contains(f)).isPresent();
    }

    List<String> families() {
        return healthy() ? List.of() : List.of(family);
    }
}
