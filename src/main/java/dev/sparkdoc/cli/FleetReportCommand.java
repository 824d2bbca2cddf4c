package dev.sparkdoc.cli;

import dev.sparkdoc.fleet.store.FleetReports;
import dev.sparkdoc.fleet.store.FleetStore;
import dev.sparkdoc.fleet.store.SqliteNative;
import dev.sparkdoc.report.FleetSummaryJson;
import dev.sparkdoc.report.FleetSummaryText;
import dev.sparkdoc.report.TerminalOut;
import dev.sparkdoc.report.TerminalWidth;
import dev.sparkdoc.report.Theme;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Report costly rules, recurring findings, regressions, new failures.",
                "Over the fleet store's runs of a period: the rules costing most, the applications whose top finding"
                        + " recurs, regressions (latest run slower than its median) and new failures (docs/fleet.md)."})
final class FleetReportCommand implements Callable<Integer> {

    @Option(names = "--store", paramLabel = "FILE", description = "the fleet store (default: $XDG_DATA_HOME/sparkdoc/fleet.db)")
    Path store;

    @Option(names = "--since", paramLabel = "DURATION", defaultValue = "7d",
            description = "runs of the last DURATION, e.g. 24h, 7d, 4w (default: ${DEFAULT-VALUE})")
    String since;

    @Mixin
    OutputOptions output;

    private final CliContext context;

    FleetReportCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws IOException {
        long sinceMs = context.clock().instant().minus(FleetOptions.parseDuration(since)).toEpochMilli();
        Path file = store != null ? store : context.dirs().dataDir().resolve("fleet.db");
        if (!Files.isRegularFile(file)) {
            throw new UsageException("no fleet store at " + file + ": run 'sparkdoc fleet DIR' first, or give --store FILE");
        }
        FleetReports.Result result;
        SqliteNative.useCacheIn(context.dirs().cacheDir());
        try (FleetStore db = FleetStore.open(file)) {
            result = FleetReports.run(db, sinceMs);
        }
        Destination.stdout().write(out -> {
            if (output.json()) {
                FleetSummaryJson.write(result, file.toString(), VersionProvider.version(), out);
            } else {
                Theme theme = output.theme();
                TerminalOut.print(FleetSummaryText.lines(result, file.toString(), theme, TerminalWidth.detect()), theme, out);
            }
        });
        return ExitCode.OK;
    }
}
