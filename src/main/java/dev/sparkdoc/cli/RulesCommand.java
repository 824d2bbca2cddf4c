package dev.sparkdoc.cli;

import dev.sparkdoc.report.RuleText;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.rules.RuleCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "rules", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Browse and validate the first-aid rules.",
        subcommands = {RulesCommand.ListRules.class, RulesCommand.ShowRule.class, RulesCommand.CheckRules.class})
final class RulesCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

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

        @Parameters(index = "0", paramLabel = "ID")
        String id;

        @Override
        public Integer call() throws IOException {
            Rule rule = rules.rules().stream().filter(r -> r.id().equals(id)).findFirst()
                    .orElseThrow(() -> new UsageException("no rule '" + id + "' (see 'sparkdoc rules list')"));
            Destination.stdout().write(out -> dev.sparkdoc.report.TerminalOut.print(RuleText.show(rule), dev.sparkdoc.report.Theme.PLAIN, out));
            return ExitCode.OK;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Validate rule files; prints FILE:LINE: reason for the first mistake in each file.")
    static final class CheckRules implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "a folder of *.yaml rule files, or one file")
        Path dir;

        @Override
        public Integer call() throws IOException {
            if (!Files.exists(dir)) {
                throw new UsageException("no such file or folder: " + dir);
            }
            List<Rule> loaded = RuleCatalog.load(dir);
            Destination.stdout().write(out -> out.println(loaded.size() + " rule(s) OK in " + dir));
            return ExitCode.OK;
        }
    }
}
