package dev.sparkdoc.mcp;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.LoadingRetry;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.util.Optional;

/** Reads a target's application as {@code triage} does: named targets, HTTP options, redaction at the source. */
final class Reading {

    private Reading() {
    }

    static AppSnapshot read(McpSettings settings, ResolvedTarget target, Optional<String> app) {
        try (SnapshotSource source = Sources.open(target.target(), new AppSelector(app, Optional.empty()), target.http(),
                settings.clock())) {
            // progress lines ("the log is being written, reading again") go where the CLI's go: stderr
            return LoadingRetry.read(source, line -> System.err.println("sparkdoc: " + line));
        }
    }

    static AppSnapshot read(McpSettings settings, Args args) {
        return read(settings, settings.targets().resolve(args.text("target")), args.optionalText("app"));
    }
}
