package dev.sparkdoc.rules.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.RuleTestCase;
import dev.sparkdoc.rules.RuleTests;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every rule of the built-in catalog has a YAML case that shows it fire and one that shows it
 * stay silent on a near miss (src/test/resources/rules-tests/FAMILY.test.yaml): a new rule
 * without both fails the build. The Java tests of this package check the same symptoms from
 * hand-made snapshots, through the signals.
 */
class CatalogCoverageTest {

    private static final Path CASES = Path.of("src/test/resources/rules-tests");

    @Test
    void everyBuiltInRuleHasAFiringAndANearMissCase() {
        List<RuleTestCase> cases = RuleTests.files(CASES).stream()
                .flatMap(f -> RuleTests.load(f, RuleCatalog.builtIn()).stream()).toList();
        Set<String> catalog = RuleCatalog.builtIn().stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));

        assertThat(ids(cases, true)).as("rules with a firing case").containsAll(catalog);
        assertThat(ids(cases, false)).as("rules with a near-miss case").containsAll(catalog);
    }

    @Test
    void eachFamilysCasesAreInItsFile() {
        for (Path file : RuleTests.files(CASES)) {
            String family = file.getFileName().toString().replace(".test.yaml", "");
            assertThat(RuleTests.load(file, RuleCatalog.builtIn())).as(file.toString())
                    .allSatisfy(c -> assertThat(c.rule().family()).isEqualTo(family));
        }
    }

    private static Set<String> ids(List<RuleTestCase> cases, boolean fires) {
        return cases.stream().filter(c -> c.fires() == fires).map(c -> c.rule().id()).collect(Collectors.toCollection(TreeSet::new));
    }
}
