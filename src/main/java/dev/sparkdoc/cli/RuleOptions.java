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

    /** The config file's rule folders and disabled ids, beside these (Main's factory). */
    private final CliContext context;


    RuleOptions(CliContext context) {
        this.context = context;
    }

    /** The rules, loaded beside the reading when only the built-in catalog is in force ({@link RulesLoading}). */
    Supplier<List<Rule>> rulesWhileReading() {
        List<Path> dirs = dirs();
        List<String> off = disabled();
        Supplier<List<Rule>> loading = asUsage(() -> RulesLoading.start(dirs, off));
        return () -> asUsage(loading);
    }

    List<Rule> rules() {
        List<Path> dirs = dirs();
        List<String> off = disabled();
        return asUsage(() -> RuleCatalog.effective(dirs, off));
    }

    /** The rules in force with the rule files of {@code dir} first (those of --rules override them). */
    List<Rule> rulesWith(Path dir) {
        List<Path> dirs = new ArrayList<>(List.of(dir));
        dirs.addAll(dirs());
        List<String> off = disabled();
        return asUsage(() -> RuleCatalog.effective(dirs, off));
    }

    /** The config file's folders first, so the command line's override them. */
    private List<Path> dirs() {
        List<Path> dirs = new ArrayList<>(context.config().ruleDirs());
        dirs.addAll(ruleDirs);
        return dirs;
    }

    private List<String> disabled() {
        List<String> off = new ArrayList<>(context.config().disabled());
        off.addAll(disabled);
        return off;
    }

    /**
     * A mistake in a rule folder or a disabled id is the user's: a usage error (exit 2); an id the
     * config file disables is named as the config's.
     */
    private <T> T asUsage(Supplier<T> loading) {
        try {
            return loading.get();
        } catch (RuleCatalog.UnknownRuleId e) {
            boolean fromConfig = context.config().disabled().contains(e.id()) && !disabled.contains(e.id());
            throw new UsageException(fromConfig
                    ? context.config().file().map(Object::toString).orElse("config") + ": disable: " + e.id() + e.reason()
                    : e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
