package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A value of each fact as real applications have it, for {@code sparkdoc rules facts}: the largest
 * seen in the embedded example (examples/skewed-join), else in the other test event logs, else in
 * a test snapshot. Kept in {@code signals/fact-examples.tsv}, which FactCatalogTest writes and checks.
 */
public final class FactExamples {

    static final String RESOURCE = "/signals/fact-examples.tsv";

    /** @param from the event log (or test snapshot) the value comes from */
    public record Example(String value, String from) {
    }

    private static final Map<String, Example> BY_NAME = load();

    private FactExamples() {
    }

    public static Optional<Example> of(Fact fact) {
        return Optional.ofNullable(BY_NAME.get(fact.name()));
    }

    private static Map<String, Example> load() {
        Map<String, Example> out = new HashMap<>();
        try (InputStream in = FactExamples.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return out;
            }
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.startsWith("#") && !l.isBlank())
                    .map(l -> l.split("\t", -1))
                    .filter(f -> f.length == 3)
                    .forEach(f -> out.put(f[0], new Example(f[1], f[2])));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
