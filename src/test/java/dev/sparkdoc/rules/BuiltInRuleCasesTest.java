package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The built-in rules' YAML cases (src/test/resources/rules-tests), each a test of its own, as 'sparkdoc rules test' runs them. */
class BuiltInRuleCasesTest {

    static final Path CASES = Path.of("src/test/resources/rules-tests");

    static List<RuleTestCase> cases() {
        List<Rule> rules = RuleCatalog.builtIn();
        return RuleTests.files(CASES).stream().flatMap(f -> RuleTests.load(f, rules).stream()).toList();
    }

    @TestFactory
    Stream<DynamicTest> everyCasePasses() {
        List<RuleTestCase> cases = cases();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(2 * RuleCatalog.builtIn().size());
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.where() + " " + c.name(), () -> {
            RuleTests.Outcome outcome = RuleTests.run(c);
            assertThat(outcome.passed()).as(outcome.line()).isTrue();
        }));
    }
}
