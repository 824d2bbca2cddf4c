package dev.sparkdoc.cli;

import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import java.util.Iterator;

/**
 * The built-in rule ids, for shell completion of {@code rules show ID} and {@code --disable ID}.
 * Picocli asks for them only when it writes a completion script, so a normal run never loads the
 * catalog for this.
 */
final class RuleIds implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return RuleCatalog.builtIn().stream().map(Rule::id).sorted().iterator();
    }
}
