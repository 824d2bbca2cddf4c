package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The operators' expression text of the SQL executions worth it, a few per poll. The paged list is
 * read without plan text (see {@link SqlLoader}); the UDF rules need it, and only for queries that
 * ran long enough to matter. A finished query's text never changes and is read once; a running
 * query's is read once while it runs and again when it has finished (AQE rewrites the plan).
 */
final class PlanTexts {

    /** The UDF rules gate on 5 s lost: a shorter query cannot lose more than its own wall time. */
    static final long WORTH_MS = 5_000;
    /** Plan texts read per poll, newest query first: a history of 1,000 long queries fills over many polls. */
    static final int PER_POLL = 4;

    private final Map<Long, Map<String, String>> finished = new HashMap<>();
    private final Map<Long, Map<String, String>> running = new HashMap<>();

    /** Execution id → operator key ({@link FormattedPlan#key}) → text, for the executions known so far. */
    Map<Long, Map<String, String>> load(SparkApi api, AppRef app, List<ExecutionDataDto> executions) {
        Set<Long> listed = new HashSet<>();
        int budget = PER_POLL;
        for (int i = executions.size() - 1; i >= 0; i--) {
            ExecutionDataDto e = executions.get(i);
            listed.add(e.id());
            Map<Long, Map<String, String>> cache = e.finished() ? finished : running;
            if (e.duration() < WORTH_MS || cache.containsKey(e.id()) || budget == 0) {
                continue;
            }
            budget--;
            try {
                cache.put(e.id(), api.sqlPlanText(app, e.id()).map(d -> FormattedPlan.sections(d.planDescription())).orElse(Map.of()));
            } catch (dev.sparkdoc.source.SourceException fault) {
                // the text is optional: the poll goes on without it and the next one asks again
                break;
            }
        }
        // Spark forgets old executions (spark.sql.ui.retainedExecutions); so does this
        finished.keySet().retainAll(listed);
        running.keySet().retainAll(listed);
        Map<Long, Map<String, String>> out = new HashMap<>(running);
        out.putAll(finished);
        return out;
    }
}
