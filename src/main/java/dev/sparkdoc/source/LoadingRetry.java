package dev.sparkdoc.source;

import dev.sparkdoc.model.AppSnapshot;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The one-shot read of {@code triage} (and the first read of {@code attach}, before the screen is
 * taken) against a History Server that is still loading the application: the replay goes on on
 * the server while sparkdoc waits, so a few patient retries usually get the answer, where failing
 * at once would only make the user run the command again. Other faults fail at once.
 */
public final class LoadingRetry {

    static final int RETRIES = 3;
    static final Duration PAUSE = Duration.ofSeconds(5);

    private LoadingRetry() {
    }

    /** @param progress told (one line) before each retry; it must not write to the TUI's screen */
    public static AppSnapshot read(SnapshotSource source, Consumer<String> progress) {
        return read(source, progress, RETRIES, PAUSE);
    }

    static AppSnapshot read(SnapshotSource source, Consumer<String> progress, int retries, Duration pause) {
        for (int attempt = 1; ; attempt++) {
            try {
                return source.read();
            } catch (SourceException e) {
                if (e.kind() != SourceFault.LOADING || attempt > retries) {
                    throw e;
                }
                progress.accept(e.getMessage().replaceFirst(" \\(.*$", "") + "; retrying in " + pause.toSeconds()
                        + "s (" + attempt + " of " + retries + ")");
                sleep(pause);
            }
        }
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SourceException(SourceFault.LOADING, "interrupted while waiting for the History Server", null);
        }
    }
}
