package dev.sparkdoc.cli;

import dev.sparkdoc.datafile.DidYouMean;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactCatalog;
import dev.sparkdoc.report.FactTable;
import dev.sparkdoc.report.RuleText;
import dev.sparkdoc.report.SafeText;
import dev.sparkdoc.report.TerminalOut;
import dev.sparkdoc.report.Theme;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.RuleTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Browse, validate and test the first-aid rules.",
        subcommands = {RulesCommand.ListRules.class, RulesCommand.ShowRule.class, RulesCommand.CheckRules.class,
                RulesCommand.ListFacts.class, RulesCommand.TestRules.class})
final class RulesCommand extends GroupCommand {

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the rules in force.")
    static final class ListRules implements Callable<Integer> {
        @Mixin
        RuleOptions rules;

        @Override
        public Integer call() throws IOException {
            List<String> lines = RuleText.list(rules.rules());
            Destination.stdout().write(out -> dev.sparkdoc.report.TerminalOut.print(lines, dev.sparkdoc.report.Theme.PLAIN, out));
            return ExitCode.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Show one rule: condition, thresholds, remedies, docs.")
    static final class ShowRule implements Callable<Integer> {
        @Mixin
        RuleOptions rules;

        @Parameters(index = "0", paramLabel = "ID", completionCandidates = RuleIds.class,
                description = "a rule id, e.g. skew.stage-task-time (see 'sparkdoc rules list')")
        String id;

        @Override
        public Integer call() throws IOException {
            List<Rule> inForce = rules.rules();
            Rule rule = inForce.stream().filter(r -> r.id().equals(id)).findFirst()
                    .orElseThrow(() -> new UsageException("no rule '" + id + "'"
                            + DidYouMean.quoted(inForce.stream().map(Rule::id).toList(), id) + " (see 'sparkdoc rules list')"));
            Destination.stdout().write(out -> dev.sparkdoc.report.TerminalOut.print(RuleText.show(rule), dev.sparkdoc.report.Theme.PLAIN, out));
            return ExitCode.OK;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Validate rule files; prints FILE:LINE: reason for the first mistake of every bad file.")
    static final class CheckRules implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "a folder of *.yaml rule files, or one file")
        Path dir;

        @Override
        public Integer call() throws IOException {
            if (!Files.exists(dir)) {
                throw new UsageException("no such file or folder: " + dir);
            }
            RuleCatalog.Checked checked = RuleCatalog.check(dir);
            if (!checked.mistakes().isEmpty()) {
                // every bad file at once: a folder of ten rule files is not fixed one run at a time
                checked.mistakes().forEach(m -> System.err.println("sparkdoc: " + SafeText.line(m.getMessage())));
                return ExitCode.USAGE;
            }
            Destination.stdout().write(out -> out.println(checked.rules().size() + " rule(s) OK in " + dir));
            return ExitCode.OK;
        }
    }

    @Command(name = "facts", mixinStandardHelpOptions = true,
            description = "List the facts rules can read: scope, unit, an example value, meaning.")
    static final class ListFacts implements Callable<Integer> {
        @Parameters(index = "0", arity = "0..1", paramLabel = "WORD",
                description = "only facts whose name contains WORD, e.g. stage or skew")
        String word;

        @Option(names = "--json", description = "print JSON: {\"facts\": [{name, scope, unit, kind, meaning, example}]}")
        boolean json;

        @Override
        public Integer call() throws IOException {
            List<Fact> facts = FactCatalog.all().stream()
                    .filter(f -> word == null || f.name().toLowerCase(Locale.ROOT).contains(word.toLowerCase(Locale.ROOT)))
                    .toList();
            if (facts.isEmpty()) {
                throw new UsageException("no fact name contains '" + word + "' (see 'sparkdoc rules facts')");
            }
            Destination.stdout().write(out -> {
                if (json) {
                    FactTable.writeJson(facts, out);
                } else {
                    TerminalOut.print(FactTable.lines(facts), Theme.PLAIN, out);
                }
            });
            return ExitCode.OK;
        }
    }

    @Command(name = "test", mixinStandardHelpOptions = true,
            description = {"Run rule tests (*.test.yaml): facts in, fires or stays silent, severity and seconds lost out.",
                    "Each test sees the built-in rules and the rule files next to it (and --rules DIR).",
                    "Prints FILE:LINE for each failing case; exit 1 when any fails."})
    static final class TestRules implements Callable<Integer> {
        @Mixin
        RuleOptions rules;

        @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "folders of *.test.yaml files, or test files")
        List<Path> paths;

        @Override
        public Integer call() throws IOException {
            List<RuleTests.Outcome> outcomes = new ArrayList<>();
            int files = 0;
            for (Path path : paths) {
                if (!Files.exists(path)) {
                    throw new UsageException("no such file or folder: " + path);
                }
                Path folder = Files.isDirectory(path) ? path : Optional.ofNullable(path.getParent()).orElse(Path.of("."));
                List<Rule> inForce = rules.rulesWith(folder);
                List<Path> tests = RuleTests.files(path);
                if (tests.isEmpty()) {
                    throw new UsageException("no rule tests (*.test.yaml) in " + path);
                }
                for (Path file : tests) {
                    files++;
                    RuleTests.load(file, inForce).forEach(c -> outcomes.add(RuleTests.run(c)));
                }
            }
            long failed = outcomes.stream().filter(o -> !o.passed()).count();
            String summary = failed == 0
                    ? outcomes.size() + " case(s) passed in " + files + " file(s)"
                    : failed + " of " + outcomes.size() + " case(s) failed in " + files + " file(s)";
            Destination.stdout().write(out -> {
                outcomes.stream().filter(o -> !o.passed()).forEach(o -> out.println(SafeText.line(o.line())));
                out.println(summary);
            });
            return failed == 0 ? ExitCode.OK : ExitCode.CASES_FAILED;
        }
    }
}
