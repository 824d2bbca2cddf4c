package dev.sparkdoc.cli;

import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.Sources;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import dev.sparkdoc.userconfig.ResolvedTarget;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The target, which application of it, and how to reach it: shared by every command that reads one. */
final class TargetOptions {

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", defaultValue = "localhost:4040",
            completionCandidates = CompletionScript.TargetExamples.class,
            description = "host:port, host, http(s) URL, event-log path, snapshot file or a target named in the config file (default: ${DEFAULT-VALUE})")
    String target;

    @Option(names = "--app", paramLabel = "ID", description = "application id where the target has several")
    String appId;

    @Option(names = "--attempt", paramLabel = "ID", description = "application attempt id")
    String attemptId;

    @Mixin
    ConnectionOptions connection;

    /** "Now" for the reader, the environment and the config file's named targets (Main's factory). */
    private final CliContext context;
    /** Each argument resolved once: a named target's secret command runs once per run. */
    private final Map<String, ResolvedTarget> resolved = new HashMap<>();


    TargetOptions(CliContext context) {
        this.context = context;
    }

    /** The reader for the target and application these options name. */
    SnapshotSource open() {
        return Sources.open(parsedTarget(), selector(), httpOptions(), context.clock());
    }

    Target parsedTarget() {
        return resolve(target).target();
    }

    /**
     * {@code text} as a named target of the config file, else as any target, with its HTTP options.
     * A Spark UI page's URL is read as its application's root, said once on stderr.
     */
    ResolvedTarget resolve(String text) {
        return resolved.computeIfAbsent(text, t -> {
            ResolvedTarget target = context.resolve(t, connection);
            TargetParser.uiPageNote(t).ifPresent(note -> System.err.println("sparkdoc: "
                    + dev.sparkdoc.report.SafeText.line(dev.sparkdoc.redact.Redaction.text(note))));
            return target;
        });
    }

    AppSelector selector() {
        return new AppSelector(Optional.ofNullable(appId), Optional.ofNullable(attemptId));
    }

    HttpOptions httpOptions() {
        return resolve(target).http();
    }
}
