package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.FindingsText;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "triage", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Diagnose an application once: findings ranked by the time they cost, with fixes."})
final class TriageCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Mixin
    RuleOptions rules;

    @Option(names = "--all", description = "also show info-level findings")
    boolean all;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", description = "show at most N findings (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "critical",
            description = "exit 1 when a finding is at or above LEVEL: info, warning, critical (default: ${DEFAULT-VALUE})")
    String failOn;

    @Override
    public Integer call() {
        Severity threshold = parseLevel(failOn);
        var ruleList = rules.rules();
        AppSnapshot snapshot;
        try (SnapshotSource source = Sources.open(target.parsedTarget(), target.selector(), target.httpOptions())) {
            snapshot = source.read();
        }
        Diagnosis diagnosis = Diagnosis.of(snapshot, ruleList);
        FindingsText.lines(diagnosis, all ? Severity.INFO : Severity.WARNING, Math.max(1, top)).forEach(System.out::println);
        System.out.flush();
        return diagnosis.atLeast(threshold).isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    private static Severity parseLevel(String text) {
        try {
            Severity s = Severity.parse(text);
            if (s == Severity.OK) {
                throw new IllegalArgumentException("");
            }
            return s;
        } catch (IllegalArgumentException e) {
            throw new UsageException("--fail-on " + text + ": use info, warning or critical");
        }
    }
}
