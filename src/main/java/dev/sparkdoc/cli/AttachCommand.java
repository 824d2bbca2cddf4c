package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.report.TriageReport;
import dev.sparkdoc.report.TriageText;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.tui.AttachLog;
import dev.sparkdoc.source.rest.ExecutorLogReader;
import dev.sparkdoc.tui.AttachSession;
import dev.sparkdoc.tui.FullScreen;
import dev.sparkdoc.tui.Glyphs;
import dev.sparkdoc.tui.Palette;
import dev.sparkdoc.tui.LocalProcessFeed;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "attach", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Watch an application live: findings, stages, executors and processes, updated as it runs.",
                // one element per paragraph: picocli wraps each to the help's width
                "Event logs and snapshot files show a still picture. Keys: ? in the view. When stdout is not a "
                        + "terminal, or TERM is dumb or unset, prints the triage report instead. Draws in ASCII when the "
                        + "locale (LC_ALL, LC_CTYPE, LANG) is not UTF-8. Log: $XDG_CACHE_HOME/sparkdoc/attach.log (default ~/.cache/sparkdoc/attach.log)."})
public final class AttachCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Mixin
    RuleOptions rules;

    /** Seconds between polls when neither --interval nor the config file's interval: says otherwise. */
    static final int DEFAULT_INTERVAL_SECONDS = 2;

    /** The cache folder for attach.log (XDG_CACHE_HOME), and the config (Main's factory). */
    private final CliContext context;

    AttachCommand(CliContext context) {
        this.context = context;
    }

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_INTERVAL_SECONDS, converter = NumberOptions.IntervalSeconds.class,
            description = "seconds between reads of a live target; longer while the driver is slow (default: ${DEFAULT-VALUE})")
    double intervalSeconds;

    @Mixin
    ColorOption color;

    @Override
    public Integer call() throws Exception {
        var ruleList = rules.rules();
        Target parsed = target.parsedTarget();
        boolean still = !(parsed instanceof Target.Http) && !(parsed instanceof Target.HostScan);
        try (SnapshotSource source = Sources.open(parsed, target.selector(), target.httpOptions())) {
            Optional<String> whyNot = FullScreen.whyNot(System.getenv(), System.console() != null);
            if (whyNot.isPresent()) {
                System.err.println("sparkdoc: " + whyNot.get() + ": printing the triage report instead of the live view");
                return triage(source.read(), ruleList, parsed);
            }
            Duration interval = Duration.ofMillis(Math.round(intervalSeconds * 1000));
            // the logs view reads log links as sparkdoc logs does: credentials to the target's host only
            java.net.URI base = parsed instanceof Target.Http http ? http.baseUrl() : java.net.URI.create("http://localhost/");
            try (ExecutorLogReader logs = new ExecutorLogReader(base, target.httpOptions())) {
                AttachSession.run(source, (snapshot, processes) -> Diagnosis.of(snapshot, ruleList, processes), LocalProcessFeed.forTarget(parsed),
                        new AttachSession.Settings(parsed.display(), still, interval, Palette.of(color.noColor(), System.getenv()),
                                Glyphs.forLocale(System.getenv())),
                        new AttachLog(context.dirs().cacheDir().resolve("attach.log")), Optional.of(logs::tail));
            }
            return ExitCode.OK;
        }
    }

    private int triage(AppSnapshot snapshot, java.util.List<dev.sparkdoc.rules.Rule> ruleList, Target parsed) throws java.io.IOException {
        // as triage does: the local processes of a driver on this machine join the diagnosis
        Diagnosis diagnosis = Diagnosis.of(snapshot, ruleList, dev.sparkdoc.proc.LocalProcesses.sample(parsed, snapshot.application().id()));
        TriageReport report = TriageReport.of(diagnosis, VersionProvider.version(), Severity.WARNING, 10);
        Destination.stdout().write(out -> TriageText.print(report, diagnosis, color.theme(), out));
        return diagnosis.atLeast(Severity.CRITICAL).isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
