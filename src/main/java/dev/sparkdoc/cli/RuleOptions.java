package dev.sparkdoc.cli;

import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which rules are in force: the built-in catalog, user folders, disabled ids. */
final class RuleOptions {

    @Option(names = "--rules", paramLabel = "DIR", description = "add the rules in DIR (*.yaml); a rule with a built-in id overrides it (repeatable)")
    List<Path> ruleDirs = new ArrayList<>();

    @Option(names = "--disable", paramLabel = "ID", description = "turn a rule off (repeatable)")
    List<String> disabled = new ArrayList<>();

    List<Rule> rules() {
        try {
            return RuleCatalog.effective(ruleDirs, disabled);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
