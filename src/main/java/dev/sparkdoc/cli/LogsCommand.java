package dev.sparkdoc.cli;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.LogTail;
import dev.sparkdoc.report.LogsText;
import dev.sparkdoc.source.SnapshotSource;
import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.rest.ExecutorLogReader;
import dev.sparkdoc.targets.Target;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "logs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Show the end of each executor's stdout and stderr, and the errors explain finds in them.",
                "Reads the log links Spark gives each executor (a standalone worker's, a YARN NodeManager's), "
                        + "at most --bytes of each, whatever the log's size."})
final class LogsCommand implements Callable<Integer> {

    @Mixin
    TargetOptions target;

    @Option(names = "--executor", paramLabel = "ID", description = "only this executor's logs")
    String executor;

    @Option(names = "--type", paramLabel = "stdout|stderr", description = "only this log (default: both)")
    String type;

    @Option(names = "--grep", paramLabel = "REGEX", description = "only the lines that match (the errors are still found in the whole tail)")
    String grep;

    @Option(names = {"-f", "--follow"}, description = "then print what each log gains, every 2 s, until Ctrl-C (standalone workers and range servers)")
    boolean follow;

    @Option(names = "--bytes", paramLabel = "N", defaultValue = "65536",
            description = "how much of the end of each log to read (default: ${DEFAULT-VALUE})")
    int bytes;

    @Override
    public Integer call() throws IOException {
        if (bytes < 1 || bytes > (16 << 20)) {
            throw new UsageException("--bytes " + bytes + ": give 1 to 16777216");
        }
        Optional<Pattern> pattern = compile(grep);
        Target parsed = target.parsedTarget();
        AppSnapshot snapshot;
        try (SnapshotSource source = target.open()) {
            snapshot = source.read();
        }
        List<Executor> withLogs = snapshot.executors().stream()
                .filter(e -> executor == null || e.id().equals(executor))
                .filter(e -> !e.logUrls().isEmpty()).toList();
        if (withLogs.isEmpty()) {
            throw new SourceException(LogsText.noLinks(snapshot, executor));
        }
        URI base = parsed instanceof Target.Http http ? http.baseUrl() : URI.create("http://localhost/");
        List<LogTail> tails = new ArrayList<>();
        try (ExecutorLogReader reader = new ExecutorLogReader(base, target.httpOptions())) {
            for (Executor e : withLogs) {
                e.logUrls().entrySet().stream().filter(l -> type == null || l.getKey().equals(type))
                        .sorted(java.util.Map.Entry.comparingByKey(java.util.Comparator.reverseOrder())) // stdout, then stderr
                        .forEach(l -> tails.add(reader.tail(e.id(), l.getKey(), l.getValue(), bytes)));
            }
            List<String> lines = LogsText.lines(tails, pattern);
            Destination.stdout().write(out -> lines.forEach(out::println));
            if (tails.stream().allMatch(t -> t.problem().isPresent())) {
                return ExitCode.TARGET_UNREADABLE;
            }
            if (follow) {
                follow(reader, tails, pattern);
            }
        }
        return ExitCode.OK;
    }

    /** Every 2 s, each log's new lines, marked with their executor and log, until the user stops it. */
    private void follow(ExecutorLogReader reader, List<LogTail> tails, Optional<Pattern> pattern) throws IOException {
        List<LogTail> now = new ArrayList<>(tails.stream().filter(t -> t.length().isPresent()).toList());
        while (!now.isEmpty()) {
            try {
                Thread.sleep(FOLLOW_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < now.size(); i++) {
                LogTail last = now.get(i);
                LogTail more = reader.since(last.executorId(), last.kind(), last.url(), last.length().getAsLong(), bytes);
                lines.addAll(LogsText.followed(more, pattern));
                // a log that cannot be followed is said once, then left; a new length is where the next read starts
                now.set(i, more.problem().isPresent() || more.length().isEmpty() ? null : more);
            }
            now.removeIf(java.util.Objects::isNull);
            if (!lines.isEmpty()) {
                Destination.stdout().write(out -> lines.forEach(out::println));
            }
        }
    }

    private static final long FOLLOW_MILLIS = 2_000;

    private static Optional<Pattern> compile(String regex) {
        if (regex == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Pattern.compile(regex));
        } catch (PatternSyntaxException e) {
            throw new UsageException("--grep " + regex + ": not a regular expression (" + e.getDescription() + ")");
        }
    }
}
