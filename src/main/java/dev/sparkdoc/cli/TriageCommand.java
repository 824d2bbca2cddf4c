package dev.sparkdoc.cli;

import dev.sparkdoc.account.WhatIfRequest;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.report.TriageJson;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.report.TriageText;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.LoadingRetry;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
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
    FindingOptions findings;

    @Mixin
    OutputOptions output;

    @Mixin
    DriverLogOption driverLog;

    @Mixin
    ProfileDumpOption profileDump;

    @Option(names = "--what-if", paramLabel = "executors=N[,cores=C]", converter = WhatIfOption.class,
            description = "estimate the wall time on N executors (of C cores; default: as the app's): its stages replayed on those slots")
    WhatIfRequest whatIf;

    /** {@code --all-apps} and the options that only go with it: picocli refuses them alone. */
    @ArgGroup(exclusive = false)
    AllApps allApps;

    /** {@code triage --all-apps}: what {@code sparkdoc fleet} does, kept for the scripts that call it so. */
    static final class AllApps extends FleetOptions {
        @Option(names = "--all-apps", required = true,
                description = "triage every completed application of a History Server (http(s) target), one ranked table")
        boolean on;
    }

    @Override
    public Integer call() throws IOException {
        var ruleList = rules.rulesWhileReading();
        if (allApps != null) {
            // TARGET and --app are shared with every command; picocli cannot leave --app out of this mode alone
            if (whatIf != null) {
                throw new UsageException("--what-if estimates one application: leave out --all-apps");
            }
            if (profileDump.folder != null) {
                throw new UsageException("--profile-dump profiles one application: leave out --all-apps");
            }
            if (target.appId != null || target.attemptId != null) {
                throw new UsageException("--all-apps reads every application: leave out --app and --attempt");
            }
            return FleetCommand.run("--all-apps", target.parsedTarget(), target.httpOptions(), ruleList, allApps,
                    findings, output);
        }
        // read before the target, so an unreadable driver log fails at once (exit 3), not after a long read
        var driverLogLines = driverLog.read();
        var profiles = profileDump.read();
        AppSnapshot snapshot;
        try (SnapshotSource source = target.open()) {
            snapshot = LoadingRetry.read(source, line -> System.err.println("sparkdoc: " + line));
        }
        Diagnosis diagnosis = Diagnosis.of(snapshot, ruleList.get(),
                LocalProcesses.sample(target.parsedTarget(), snapshot.application().id()), driverLogLines);
        TriageReport triage = TriageReport.of(diagnosis, VersionProvider.version(), findings.minimum(), findings.top());
        TriageReport estimated = whatIf == null ? triage : triage.withWhatIf(diagnosis, whatIf);
        TriageReport report = profiles.map(dump -> estimated.withProfiles(diagnosis, dump)).orElse(estimated);
        Destination.stdout().write(out -> {
            if (output.json()) {
                TriageJson.write(report, out);
            } else {
                TriageText.print(report, diagnosis, output.theme(), out);
            }
        });
        return diagnosis.atLeast(findings.threshold()).isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
