package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.facts.FactUnit;
import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.Scope;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.firstaid.Remedy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every built-in rule rendered with its facts missing, and with every text fact empty (an executor
 * of no id, a failure of no message): its title, evidence and remedies show no placeholder left
 * open, no "?" for a value and no gap ("executor  on : ?").
 */
class NoGapsTest {

    static Stream<Rule> rules() {
        return RuleCatalog.builtIn().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void aRuleRenderedWithoutItsFactsShowsNoGap(Rule rule) {
        Scope scope = new Scope(rule.scope(), "7", "some " + rule.scope().id());
        ScopeFacts none = new ScopeFacts(scope, Map.of(), Map.of(), Optional.empty(), InForce.NONE);
        Map<Fact, String> blank = new HashMap<>();
        FactCatalog.names().stream().map(FactCatalog::find).flatMap(Optional::stream)
                .filter(f -> f.unit() == FactUnit.TEXT).forEach(f -> blank.put(f, ""));
        ScopeFacts empty = new ScopeFacts(scope, Map.of(), blank, Optional.empty(), InForce.NONE);

        for (ScopeFacts facts : List.of(none, empty)) {
            Finding f = RuleEngine.render(rule, facts, List.of());
            List<String> lines = new ArrayList<>();
            lines.add(f.title());
            lines.add(f.verify());
            f.evidence().forEach(e -> lines.add(e.display()));
            for (Remedy r : f.remedies()) {
                lines.add(r.text());
                r.why().ifPresent(lines::add);
                lines.addAll(r.conf().values());
            }
            List<String> code = f.remedies().stream().flatMap(r -> r.code().stream()).toList();
            for (String line : code) {
                // code is aligned by its own spaces; only its placeholders must be whole
                assertThat(line).as(rule.id() + ": " + line).doesNotContainPattern("\\{[a-zA-Z0-9_.]+(:[a-z]+)?}")
                        .doesNotContainPattern("(^|[\\s(:=])\\?($|[\\s),.;:])");
            }
            assertThat(f.title()).as(rule.id()).isNotBlank();
            for (String line : lines) {
                assertThat(line).as(rule.id() + ": " + line)
                        .doesNotContainPattern("\\{[a-zA-Z0-9_.]+(:[a-z]+)?}")
                        .doesNotContainPattern("(^|[\\s(:=])\\?($|[\\s),.;:])")
                        .doesNotContain("  ")
                        .doesNotContain(" : ")
                        .doesNotContain(" ()")
                        .doesNotContain("\u0000");
            }
        }
    }
}
