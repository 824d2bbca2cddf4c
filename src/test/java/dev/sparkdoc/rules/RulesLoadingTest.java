package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rules loaded beside the reading are the catalog's; the user's mistakes still surface first. */
class RulesLoadingTest {

    @Test
    void theBuiltInCatalogLoadedInTheBackgroundIsTheCatalog() {
        Supplier<List<Rule>> loading = RulesLoading.start(List.of(), List.of());
        assertThat(loading.get()).extracting(Rule::id)
                .containsExactlyElementsOf(RuleCatalog.builtIn().stream().map(Rule::id).toList());
    }

    @Test
    void aBrokenUserRuleOrUnknownDisabledIdFailsAtOnceNotAfterTheRead(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("bad.yaml"), "rules:\n  - id: x\n    when: {fact: no.such.fact, op: '>', value: 1}\n");
        assertThatThrownBy(() -> RulesLoading.start(List.of(dir), List.of())).hasMessageContaining("bad.yaml:2");
        assertThatThrownBy(() -> RulesLoading.start(List.of(), List.of("no.such.rule")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no.such.rule");
    }
}
