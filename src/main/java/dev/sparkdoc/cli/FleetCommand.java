package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.FleetRun;
import dev.sparkdoc.fleet.FleetTriage;
import dev.sparkdoc.report.FleetJson;
import dev.sparkdoc.report.FleetReport;
import dev.sparkdoc.report.FleetText;
import dev.sparkdoc.report.TerminalOut;
import dev.sparkdoc.report.TerminalWidth;
import dev.sparkdoc.report.Theme;
import dev.sparkdoc.rules.Rule;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "fleet", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        subcommands = FleetReportCommand.class,
        description = {"Diagnose every application of a History Server or an event-log folder.",
                "One ranked table. A folder (spark.eventLog.dir), or a History Server with --store, is read into a store, and"
                        + " 'sparkdoc fleet report' then says what costs most, recurs, regressed and newly fails"
                        + " (docs/fleet.md)."})
final class FleetCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "URL|DIR",
            description = "the History Server, http(s)://host:port[/prefix], or a folder of event logs")
    String url;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    FleetOptions applications;

    @Mixin
    FleetStoreOptions store;

    @Mixin
    RuleOptions rules;

    @Mixin
    FindingOptions findings;

    @Mixin
    OutputOptions output;

    /** Named targets of the config file (Main's factory). */
    private final CliContext context;

    FleetCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws IOException {
        if (url == null && store.storeGiven() && store.where.store.contains("://")) {
            // --store takes an optional FILE: "fleet --store URL" read the URL as the store
            throw new UsageException("fleet --store " + store.where.store + ": give the URL first, 'sparkdoc fleet URL --store [FILE]'");
        }
        if (url == null) {
            // optional to picocli only so that 'fleet report' needs none
            throw new UsageException("Missing required parameter: 'URL|DIR' (see 'sparkdoc fleet --help')");
        }
        Path folder = Path.of(url);
        FleetStoredRun stored = new FleetStoredRun(context.clock(), context.dirs(), rules::rules, applications, store, findings, output);
        if (!url.contains("://") && Files.isDirectory(folder)) {
            return stored.folder(folder);
        }
        if (store.storeGiven() || store.jsonl != null || store.name != null || store.threads != null) {
            // a URL, or a History Server named in the config file: a path here is a folder that is not there
            if (!url.contains("://") && context.config().target(url).isEmpty()) {
                throw new UsageException("fleet " + url + ": no such folder; give a folder of event logs (spark.eventLog.dir) or a History Server URL");
            }
            var server = context.resolve(url, connection);
            if (!(server.target() instanceof Target.Http shs)) {
                throw new UsageException("fleet reads a History Server or a folder of event logs: give its URL, e.g. http://shs:18080,"
                        + " or the folder (not " + server.target().display() + ")");
            }
            if (!store.storeGiven()) {
                throw new UsageException("--jsonl, --name and --threads read a History Server into a store: add --store [FILE]"
                        + " (without it, the newest applications are read over REST for the table alone)");
            }
            return stored.server(shs, server.http());
        }
        var server = context.resolve(url, connection);
        return run("fleet", server.target(), server.http(), rules.rulesWhileReading(), applications,
                findings, output);
    }

    /**
     * The fleet triage, for {@code fleet} and for {@code triage --all-apps}: {@code asked} is what
     * the user typed, for the message when the target is not a History Server.
     */
    static int run(String asked, Target target, HttpOptions http, Supplier<List<Rule>> rules, FleetOptions applications,
            FindingOptions findings, OutputOptions output) throws IOException {
        List<Rule> ruleList = rules.get();
        if (!(target instanceof Target.Http shs)) {
            String folder = asked.equals("fleet") ? " or a folder of event logs" : "";
            throw new UsageException(asked + " reads a History Server" + folder + ": give its URL, e.g. http://shs:18080"
                    + (folder.isEmpty() ? "" : ", or the folder") + " (not " + target.display() + ")");
        }
        int limit = applications.limit();
        FleetRun run = new FleetTriage(ruleList, findings.minimum())
                .run(shs, http, applications.since(Clock.systemUTC()), limit);
        FleetReport report = FleetReport.of(run, VersionProvider.version(), findings.top());
        print(report, output);
        if (run.allFailed()) {
            throw new SourceException("none of the " + run.entries().size() + " applications at " + run.target()
                    + " could be read; first error: " + run.entries().get(0).error().orElse("?"));
        }
        if (run.failures() > 0) {
            System.err.println("sparkdoc: " + run.failures() + " of " + run.entries().size()
                    + " applications could not be read (see the table)");
        }
        return run.anyAtLeast(findings.threshold()) ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** The ranked table, or its JSON, on stdout: the same for a History Server and a folder. */
    static void print(FleetReport report, OutputOptions output) throws IOException {
        Destination.stdout().write(out -> {
            if (output.json()) {
                FleetJson.write(report, out);
            } else {
                Theme theme = output.theme();
                TerminalOut.print(FleetText.lines(report, theme, TerminalWidth.detect()), theme, out);
            }
        });
    }
}
