package dev.sparkdoc.rules;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The rules in force, loaded while the application is read. Parsing the built-in catalog (and
 * the error patterns the stage facts use) takes ~0.15 s of a one-shot triage: done beside the
 * reading it costs nothing on a second core. User rule folders and {@code --disable} ids are
 * loaded at once instead, so a mistake in them is reported before a long read, not after it.
 */
public final class RulesLoading {

    private RulesLoading() {
    }

    public static Supplier<List<Rule>> start(List<Path> userDirs, Collection<String> disabled) {
        if (!userDirs.isEmpty() || !disabled.isEmpty()) {
            List<Rule> rules = RuleCatalog.effective(userDirs, disabled);
            return () -> rules;
        }
        CompletableFuture<List<Rule>> loading = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                loading.complete(RuleCatalog.effective(List.of(), List.of()));
            } catch (RuntimeException | Error e) {
                loading.completeExceptionally(e);
            }
        }, "sparkdoc-rules");
        t.setDaemon(true);
        t.start();
        return () -> {
            try {
                return loading.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException re ? re : e;
            }
        };
    }
}
