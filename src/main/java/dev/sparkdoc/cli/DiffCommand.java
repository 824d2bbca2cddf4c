package dev.sparkdoc.cli;

import dev.sparkdoc.diff.BaselineFinder;
import dev.sparkdoc.diff.DiffResult;
import dev.sparkdoc.diff.RunDiff;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.DiffJson;
import dev.sparkdoc.report.DiffReport;
import dev.sparkdoc.report.DiffText;
import dev.sparkdoc.report.TerminalWidth;
import dev.sparkdoc.report.Theme;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Compare a run with an earlier one: what changed, ranked by the time it explains.",
                "  sparkdoc diff BASELINE CURRENT            each side any target",
                "  sparkdoc diff http://shs:18080 --app ID   baseline: the latest earlier successful run",
                "                                            of the same name (or --baseline ID)"})
final class DiffCommand implements Callable<Integer> {

    /** TARGET (index 0) is the baseline, or the History Server when CURRENT is not given. */
    @Mixin
    TargetOptions target;

    @Mixin
    RuleOptions rules;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CURRENT",
            description = "the current run: any target (with --app ID when it holds several)")
    String current;

    @Option(names = "--baseline", paramLabel = "ID", description = "the baseline's application id on the first target")
    String baselineId;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "20",
            description = "exit 1 when the current run is slower by more than PERCENT of the baseline's wall time (default: ${DEFAULT-VALUE})")
    double thresholdPercent;

    @Option(names = "--all", description = "also show changes within noise")
    boolean all;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws IOException {
        if (thresholdPercent < 0) {
            throw new UsageException("--threshold " + thresholdPercent + ": give a percentage of 0 or more");
        }
        List<Rule> ruleList = rules.rules();
        Target first = target.parsedTarget();
        AppSnapshot baseline;
        AppSnapshot now;
        if (current != null) {
            baseline = read(first, target.httpOptions(), new AppSelector(Optional.ofNullable(baselineId), Optional.empty()));
            ResolvedTarget second = target.resolve(current);
            now = read(second.target(), second.http(), target.selector());
        } else {
            if (!(first instanceof Target.Http shs) || target.appId == null) {
                throw new UsageException("diff needs two targets (BASELINE CURRENT), or a History Server URL with --app ID");
            }
            now = read(shs, target.httpOptions(), target.selector());
            baseline = baselineId != null
                    ? read(shs, target.httpOptions(), new AppSelector(Optional.of(baselineId), Optional.empty()))
                    : BaselineFinder.find(shs, target.httpOptions(), now);
        }
        DiffResult result = RunDiff.of(Diagnosis.of(baseline, ruleList), Diagnosis.of(now, ruleList), thresholdPercent / 100);
        DiffReport report = DiffReport.of(result, VersionProvider.version(), all || output.json());
        Destination.stdout().write(out -> {
            if (output.json()) {
                DiffJson.write(report, out);
            } else {
                int hidden = result.changes().size() - report.changes().size();
                Theme theme = output.theme();
                dev.sparkdoc.report.TerminalOut.print(DiffText.lines(report, theme, TerminalWidth.detect(), hidden), theme, out);
            }
        });
        return result.worse() ? ExitCode.FINDINGS : ExitCode.OK;
    }

    private static AppSnapshot read(Target t, dev.sparkdoc.source.HttpOptions http, AppSelector selector) {
        try (SnapshotSource source = Sources.open(t, selector, http)) {
            return source.read();
        }
    }
}
