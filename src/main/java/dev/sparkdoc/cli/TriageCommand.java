package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.fleet.FleetTriage;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.FleetJson;
import dev.sparkdoc.report.FleetReport;
import dev.sparkdoc.report.FleetText;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.report.TerminalOut;
import dev.sparkdoc.report.TerminalWidth;
import dev.sparkdoc.report.Theme;
import dev.sparkdoc.report.TriageJson;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.report.TriageText;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.source.rest.LoadingRetry;
import java.time.Clock;
import java.util.List;
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

    @Mixin
    FleetOptions fleet;

    @Option(names = "--all", description = "also show info-level findings")
    boolean all;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", description = "show at most N findings (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "critical",
            description = "exit 1 when a finding is at or above LEVEL: info, warning, critical (default: ${DEFAULT-VALUE})")
    String failOn;

    @Option(names = "--json", description = "print the report as JSON (schema: docs/triage.schema.json)")
    boolean json;

    @Option(names = "--no-color", description = "no colours (also when NO_COLOR is set or stdout is not a terminal)")
    boolean noColor;

    @Override
    public Integer call() throws java.io.IOException {
        Severity threshold = parseLevel(failOn);
        var ruleList = rules.rulesWhileReading();
        Severity minimum = all ? Severity.INFO : Severity.WARNING;
        if (fleet.allApps) {
            return fleet(threshold, ruleList.get(), minimum);
        }
        fleet.checkUnused();
        AppSnapshot snapshot;
        try (SnapshotSource source = Sources.open(target.parsedTarget(), target.selector(), target.httpOptions())) {
            snapshot = LoadingRetry.read(source, line -> System.err.println("sparkdoc: " + line));
        }
        Diagnosis diagnosis = Diagnosis.of(snapshot, ruleList.get(),
                LocalProcesses.sample(target.parsedTarget(), snapshot.application().id()));
        TriageReport report = TriageReport.of(diagnosis, VersionProvider.version(), minimum, Math.max(1, top));
        Destination.stdout().write(out -> {
            if (json) {
                TriageJson.write(report, out);
            } else {
                TriageText.print(report, diagnosis, Theme.detect(noColor), out);
            }
        });
        return diagnosis.atLeast(threshold).isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** {@code --all-apps}: every finished application of a History Server, one ranked table. */
    private int fleet(Severity threshold, List<Rule> ruleList, Severity minimum) throws java.io.IOException {
        var shs = fleet.target(target.parsedTarget(), target);
        FleetRun run = new FleetTriage(ruleList, minimum)
                .run(shs, target.httpOptions(), fleet.since(Clock.systemUTC()), fleet.limit());
        FleetReport report = FleetReport.of(run, VersionProvider.version(), Math.max(1, top));
        Destination.stdout().write(out -> {
            if (json) {
                FleetJson.write(report, out);
            } else {
                Theme theme = Theme.detect(noColor);
                TerminalOut.print(FleetText.lines(report, theme, TerminalWidth.detect()), theme, out);
            }
        });
        if (run.allFailed()) {
            throw new SourceException("none of the " + run.entries().size() + " applications at " + run.target()
                    + " could be read; first error: " + run.entries().get(0).error().orElse("?"));
        }
        if (run.failures() > 0) {
            System.err.println("sparkdoc: " + run.failures() + " of " + run.entries().size()
                    + " applications could not be read (see the table)");
        }
        return run.anyAtLeast(threshold) ? ExitCode.FINDINGS : ExitCode.OK;
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
