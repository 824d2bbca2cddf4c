package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactFormat;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every declared fact is produced somewhere real (a fact no application ever has feeds nothing),
 * and 'sparkdoc rules facts' shows an example of each. After an intended change, regenerate the
 * examples with {@code mvn test -Dtest=FactCatalogTest -Dgolden.update=true}.
 */
class FactCatalogTest {

    private static final Path EXAMPLES = Path.of("src/main/resources" + FactExamples.RESOURCE);

    @Test
    void everyDeclaredFactIsProducedByARealEventLogOrATestSnapshot() {
        Set<Fact> produced = new LinkedHashSet<>();
        ProducedFacts.all().forEach(s -> scopes(s.signals()).forEach(f -> {
            produced.addAll(f.values().keySet());
            produced.addAll(f.texts().keySet());
        }));
        assertThat(FactCatalog.all().stream().filter(f -> !produced.contains(f)).map(Fact::name))
                .as("declared facts that no event log or test snapshot produces").isEmpty();
    }

    @Test
    void everyFactHasAnExampleFromTheFirstSourceThatProducesIt() throws IOException {
        StringBuilder text = new StringBuilder("# The largest value of each fact in the first of these that has it: examples/skewed-join,\n"
                + "# the other test event logs, Spark's own test logs, test snapshots. Written by FactCatalogTest.\n");
        for (Fact fact : FactCatalog.all()) {
            example(fact).ifPresent(e -> text.append(fact.name()).append('\t').append(e.value()).append('\t').append(e.from()).append('\n'));
        }
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(EXAMPLES, text);
        }
        assertThat(Files.readString(EXAMPLES)).as("run mvn test -Dtest=FactCatalogTest -Dgolden.update=true").isEqualTo(text.toString());
    }

    @Test
    void aSinkTakesOnlyItsScopesFactsInTheirUnits() {
        FactSink stage = new FactSink(new Scope(ScopeKind.STAGE, "1.0", ""));
        assertThatThrownBy(() -> stage.put(AppSignals.DURATION, 1)).hasMessageContaining("belongs to scope app, not stage");
        assertThatThrownBy(() -> stage.put(StageSignals.SLOWEST_WHERE, 1)).hasMessageContaining("is text");
        assertThatThrownBy(() -> stage.text(StageSignals.WALL, "x")).hasMessageContaining("is a number");
        assertThatThrownBy(() -> stage.put(StageSignals.WALL, true)).hasMessageContaining("is not true/false");
    }

    @Test
    void factsAreNamedAfterTheirScopeOnce() {
        Map<String, Fact> byName = new LinkedHashMap<>();
        FactCatalog.all().forEach(f -> assertThat(byName.put(f.name(), f)).as(f.name()).isNull());
        assertThat(FactCatalog.all()).allSatisfy(f -> assertThat(f.name()).startsWith(f.name().startsWith("config.") ? "config." : f.scope().id() + "."))
                .allSatisfy(f -> assertThat(f.meaning()).isNotBlank());
    }

    private static Optional<FactExamples.Example> example(Fact fact) {
        for (ProducedFacts.Source s : ProducedFacts.all()) {
            List<ScopeFacts> scopes = scopes(s.signals()).filter(f -> f.values().containsKey(fact) || f.texts().containsKey(fact)).toList();
            if (scopes.isEmpty()) {
                continue;
            }
            String value = fact.unit() == FactUnit.TEXT
                    ? scopes.get(0).texts().get(fact).lines().findFirst().orElse("").strip()
                    : FactFormat.human(scopes.stream().map(f -> f.values().get(fact)).max(Comparator.naturalOrder()).orElseThrow(), fact.unit());
            return Optional.of(new FactExamples.Example(value.replace('\t', ' '), s.name()));
        }
        return Optional.empty();
    }

    private static Stream<ScopeFacts> scopes(SignalSet s) {
        return Stream.concat(Stream.of(s.app()), s.scopes().stream());
    }
}
