package dev.sparkdoc.signals;

import dev.sparkdoc.model.Stage;

/**
 * The name a user recognises for a stage. Under AQE, Spark 4 names stages after internal call
 * sites ("$anonfun$withThreadLocalCaptured$2 at CompletableFuture.java"); the job description
 * or the job's name tells more then.
 */
final class StageNames {

    private StageNames() {
    }

    static String recognisable(AppContext ctx, Stage stage) {
        if (stage.description().isPresent() && !stage.description().get().isBlank()) {
            return stage.description().get();
        }
        if (!meaningless(stage.name())) {
            return stage.name();
        }
        return ctx.jobOf(stage)
                .map(job -> job.description().filter(d -> !d.isBlank()).orElse(job.name()))
                .filter(n -> !meaningless(n))
                .orElse(stage.name());
    }

    static boolean meaningless(String name) {
        return name.isBlank() || name.contains("$anonfun$") || name.contains("CompletableFuture.java")
                || name.contains("ThreadPoolExecutor.java");
    }
}
