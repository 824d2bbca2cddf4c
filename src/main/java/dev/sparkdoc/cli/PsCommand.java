package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.proc.LocalProcesses;
import dev.sparkdoc.proc.DriverHints;
import dev.sparkdoc.proc.ProcessSampler;
import dev.sparkdoc.proc.ProcessScan;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkReportedMemory;
import dev.sparkdoc.report.PsJson;
import dev.sparkdoc.report.PsReport;
import dev.sparkdoc.report.PsText;
import dev.sparkdoc.report.TerminalWidth;
import dev.sparkdoc.report.Theme;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "ps", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Spark's processes on this machine, like ps and top: drivers, executors, pyspark.daemon and",
                "its Python workers, grouped by application, with CPU %%, RSS, threads and age.",
                "With a TARGET, also every executor's memory as Spark measured it (all hosts), and the",
                "driver behind a local host:port is found by its listening socket."})
public final class PsCommand implements Callable<Integer> {

    private static final String CLEAR_HOME = "\033[H\033[2J";
    private static final String HIDE_CURSOR = "\033[?25l";
    private static final String SHOW_CURSOR = "\033[?25h";

    @Mixin
    TargetOptions target;

    @Option(names = "--watch", arity = "0..1", paramLabel = "SECONDS", fallbackValue = "2",
            description = "refresh every SECONDS (default 2) like top, until Ctrl-C")
    Double watchSeconds;

    @Mixin
    OutputOptions output;

    @Option(names = "--all", description = "also other Java and Python processes that may be related")
    boolean all;

    /** For tests of --watch: stop after N refreshes. */
    @Option(names = "--iterations", hidden = true, defaultValue = "0")
    int iterations;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException, IOException {
        if (watchSeconds != null && !(watchSeconds >= 0.1 && watchSeconds <= 3600)) {
            throw new UsageException("--watch " + watchSeconds + ": use a number of seconds between 0.1 and 3600");
        }
        boolean attached = spec.commandLine().getParseResult().hasMatchedPositional(0);
        ProcessScan scan = new ProcessScan(ProcessSampler.forThisMachine(), all);
        if (watchSeconds == null) {
            print(report(scan, ProcessScan.DEFAULT_INTERVAL, attached), false);
            return ExitCode.OK;
        }
        return watch(scan, attached);
    }

    private int watch(ProcessScan scan, boolean attached) throws InterruptedException, IOException {
        boolean terminal = System.console() != null && !output.json();
        Thread restore = new Thread(() -> {
            System.out.print(SHOW_CURSOR);
            System.out.flush();
        });
        if (terminal) {
            System.out.print(HIDE_CURSOR);
            // Ctrl-C ends the JVM through its shutdown hooks: give the cursor back there too
            Runtime.getRuntime().addShutdownHook(restore);
        }
        try {
            Duration interval = ProcessScan.DEFAULT_INTERVAL;
            for (int n = 1; iterations == 0 || n <= iterations; n++) {
                if (!print(report(scan, interval, attached), terminal)) {
                    break; // the reader went away (| head): like top in a closed pipe, stop
                }
                interval = Duration.ofMillis(Math.round(watchSeconds * 1000));
            }
        } finally {
            if (terminal) {
                restore.run();
                Runtime.getRuntime().removeShutdownHook(restore);
            }
        }
        return ExitCode.OK;
    }

    private PsReport report(ProcessScan scan, Duration interval, boolean attached) throws InterruptedException {
        Optional<AppSnapshot> snapshot = attached ? Optional.of(readTarget()) : Optional.empty();
        ProcessTable table = scan.next(interval, snapshot.isPresent()
                ? LocalProcesses.hints(target.parsedTarget(), snapshot.map(x -> x.application().id()))
                : LocalProcesses.hints(target.parsedTarget(), Optional.empty()));
        return PsReport.of(hostName(), table, snapshot.map(SparkReportedMemory::of));
    }

    private AppSnapshot readTarget() {
        try (SnapshotSource source = target.open()) {
            return source.read();
        }
    }

    /** One report; false when the reader of stdout has gone. */
    private boolean print(PsReport report, boolean clear) throws IOException {
        if (output.json()) {
            return Destination.stdout().write(out -> PsJson.write(report, out));
        }
        StringBuilder block = new StringBuilder(clear ? CLEAR_HOME : "");
        Theme theme = output.theme();
        dev.sparkdoc.report.TerminalOut.append(PsText.lines(report, theme, TerminalWidth.detect()), theme, block);
        if (watchSeconds != null && !clear) {
            block.append('\n');
        }
        return Destination.stdout().write(out -> out.print(block));
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("localhost");
        }
    }
}
