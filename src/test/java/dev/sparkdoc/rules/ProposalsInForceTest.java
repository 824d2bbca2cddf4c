package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.signals.Settings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * For every firing case of every built-in rule: what its remedies propose over Spark's defaults,
 * set by the app, is proposed no more, and each such setting is listed as already so; a switch the
 * app set against the fix is proposed, and listed with its origin. The same facts, only the
 * settings in force changed: a fix must change something, whatever the rule.
 */
class ProposalsInForceTest {

    @TestFactory
    Stream<DynamicTest> aProposalTheAppAlreadyRunsWithIsNeverProposedAgain() {
        List<RuleTestCase> firing = BuiltInRuleCasesTest.cases().stream().filter(RuleTestCase::fires).toList();
        List<DynamicTest> tests = firing.stream().flatMap(c -> {
            Map<String, String> proposed = proposals(c, Settings.ofApp(Map.of(), RuleTestParser.DEFAULT_VERSION));
            if (proposed.isEmpty()) {
                return Stream.empty();
            }
            return Stream.of(DynamicTest.dynamicTest(c.where() + " " + c.name(), () -> {
                Finding again = RuleEngine.evaluate(c.rule(), withSettings(c.facts(), Settings.ofApp(proposed, RuleTestParser.DEFAULT_VERSION)))
                        .orElseThrow(() -> new AssertionError("the settings alone turned the rule off"));
                again.remedies().forEach(r -> r.conf().forEach((key, value) ->
                        assertThat(value).as("%s proposes %s=%s again, set by the app to %s", c.rule().id(), key, value, proposed.get(key))
                                .isNotEqualTo(proposed.get(key))));
                proposed.keySet().forEach(key -> assertThat(again.settings()).as("settings of %s", c.rule().id())
                        .anySatisfy(s -> {
                            assertThat(s.key()).isEqualTo(key);
                            assertThat(s.proposed()).isFalse();
                            assertThat(s.origin()).isEqualTo("set by the app");
                        }));
            }));
        }).toList();
        // the cases reach most rules that change settings
        assertThat(tests).hasSizeGreaterThanOrEqualTo(25);
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> aSwitchTheAppSetAgainstTheFixIsProposedWithItsOrigin() {
        List<DynamicTest> tests = BuiltInRuleCasesTest.cases().stream().filter(RuleTestCase::fires).flatMap(c -> {
            Map<String, String> against = new LinkedHashMap<>();
            proposals(c, Settings.ofApp(Map.of(), RuleTestParser.DEFAULT_VERSION)).forEach((key, value) -> {
                if (value.equals("true") || value.equals("false")) {
                    against.put(key, value.equals("true") ? "false" : "true");
                }
            });
            if (against.isEmpty()) {
                return Stream.empty();
            }
            return Stream.of(DynamicTest.dynamicTest(c.where() + " " + c.name(), () -> {
                Finding f = RuleEngine.evaluate(c.rule(), withSettings(c.facts(), Settings.ofApp(against, RuleTestParser.DEFAULT_VERSION)))
                        .orElseThrow(() -> new AssertionError("the settings alone turned the rule off"));
                Map<String, String> now = new LinkedHashMap<>();
                f.remedies().forEach(r -> r.conf().forEach(now::putIfAbsent));
                against.forEach((key, value) -> {
                    String fix = value.equals("true") ? "false" : "true";
                    assertThat(now).as("%s with %s=%s set by the app", c.rule().id(), key, value).containsEntry(key, fix);
                    assertThat(f.settings()).anySatisfy(s -> assertThat(s.display()).isEqualTo(key + " = " + value + " (set by the app)"));
                });
            }));
        }).toList();
        assertThat(tests).hasSizeGreaterThanOrEqualTo(10);
        return tests.stream();
    }

    /** Each key the finding's remedies set, first value, with these settings in force. */
    private static Map<String, String> proposals(RuleTestCase c, Settings settings) {
        Map<String, String> out = new LinkedHashMap<>();
        RuleEngine.evaluate(c.rule(), withSettings(c.facts(), settings))
                .ifPresent(f -> f.remedies().forEach(r -> r.conf().forEach(out::putIfAbsent)));
        return out;
    }

    /** The same facts with other settings in force (the app's, which a scope's parent holds). */
    private static ScopeFacts withSettings(ScopeFacts f, Settings settings) {
        if (f.scope().kind() == ScopeKind.APP) {
            return new ScopeFacts(f.scope(), f.values(), f.texts(), f.parent(), settings);
        }
        Optional<ScopeFacts> parent = f.parent().map(p -> new ScopeFacts(p.scope(), p.values(), p.texts(), p.parent(), settings));
        return new ScopeFacts(f.scope(), f.values(), f.texts(), parent, Settings.NONE);
    }
}
