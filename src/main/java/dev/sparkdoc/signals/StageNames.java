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

    /**
     * What a stage's findings are grouped by: the code site of its query (the SQL description,
     * e.g. "collect at Etl.scala:42"), else the query, else the stage's recognisable name, else its
     * job. One rule firing on 15 stages of one query, or of a loop running one query 15 times, is
     * one problem to the user.
     */
    static java.util.Optional<String> group(AppContext ctx, Stage stage) {
        var job = ctx.jobOf(stage);
        var sql = ctx.queryOf(stage);
        if (sql.isPresent()) {
            String site = sql.get().description();
            return java.util.Optional.of(meaningless(site) ? "query " + sql.get().id() : "\"" + site + "\"");
        }
        String name = recognisable(ctx, stage);
        if (!meaningless(name)) {
            return java.util.Optional.of("\"" + name + "\"");
        }
        return job.map(j -> "job " + j.jobId());
    }

    static boolean meaningless(String name) {
        return name.isBlank() || name.contains("$anonfun$") || name.contains("CompletableFuture.java")
                || name.contains("ThreadPoolExecutor.java");
    }
}
