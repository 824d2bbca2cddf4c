package dev.sparkdoc.cli;

import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.RulesLoading;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** Which rules are in force: the built-in catalog, user folders, disabled ids. */
final class RuleOptions {

    @Option(names = "--rules", paramLabel = "DIR", description = "add the rules in DIR (*.yaml); a rule with a built-in id overrides it (repeatable)")
    List<Path> ruleDirs = new ArrayList<>();

    @Option(names = "--disable", paramLabel = "ID", completionCandidates = RuleIds.class, description = "turn a rule off (repeatable)")
    List<String> disabled = new ArrayList<>();

    /** The rules, loaded beside the reading when only the built-in catalog is in force ({@link RulesLoading}). */
    Supplier<List<Rule>> rulesWhileReading() {
        Supplier<List<Rule>> loading = asUsage(() -> RulesLoading.start(ruleDirs, disabled));
        return () -> asUsage(loading);
    }

    List<Rule> rules() {
        return asUsage(() -> RuleCatalog.effective(ruleDirs, disabled));
    }

    /** The rules in force with the rule files of {@code dir} first (those of --rules override them). */
    List<Rule> rulesWith(Path dir) {
        List<Path> dirs = new ArrayList<>(List.of(dir));
        dirs.addAll(ruleDirs);
        return asUsage(() -> RuleCatalog.effective(dirs, disabled));
    }

    /** A mistake in a rule folder or a --disable id is the user's: a usage error (exit 2). */
    private static <T> T asUsage(Supplier<T> loading) {
        try {
            return loading.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
