package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import dev.sparkdoc.report.SnapshotSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "snapshot",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Read an application once and write what sparkdoc saw as JSON.",
                "A snapshot file is itself a target: triage it later or send it to a colleague."})
final class SnapshotCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write to FILE instead of stdout")
    Path output;

    @Override
    public Integer call() throws IOException {
        AppSnapshot snapshot;
        try (SnapshotSource source = Sources.open(target.parsedTarget(), target.selector(), target.httpOptions())) {
            snapshot = source.read();
        }
        if (output == null) {
            PrintStream out = System.out;
            SnapshotFile.write(snapshot, VersionProvider.version(), out);
            out.println();
            out.flush();
        } else {
            try {
                SnapshotFile.write(snapshot, VersionProvider.version(), output);
            } catch (IOException e) {
                throw new OutputException("cannot write " + output + ": " + e.getMessage(), e);
            }
        }
        dev.sparkdoc.report.TerminalOut.print(SnapshotSummary.lines(snapshot), dev.sparkdoc.report.Theme.PLAIN, System.err);
        return ExitCode.OK;
    }
}
