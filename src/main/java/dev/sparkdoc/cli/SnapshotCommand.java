package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.snapshot.SnapshotFile;
import dev.sparkdoc.report.SnapshotSummary;
import java.io.IOException;
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

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "write to FILE instead of stdout ('-': stdout); a regular file, replaced whole, in an existing folder")
    Path output;

    @Override
    public Integer call() throws IOException {
        Destination destination = Destination.of(output);
        AppSnapshot snapshot;
        try (SnapshotSource source = target.open()) {
            snapshot = source.read();
        }
        boolean written = destination.write(out -> {
            SnapshotFile.write(snapshot, VersionProvider.version(), out);
            out.println();
        });
        // the summary says what was written: not when the reader went away half-way
        if (written) {
            dev.sparkdoc.report.TerminalOut.print(SnapshotSummary.lines(snapshot), dev.sparkdoc.report.Theme.PLAIN, System.err);
        }
        return ExitCode.OK;
    }
}
