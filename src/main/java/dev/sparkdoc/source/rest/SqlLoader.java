package dev.sparkdoc.source.rest;

import dev.sparkdoc.source.rest.dto.ExecutionDataDto;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Pages through {@code sql?details=true&planDescription=false} (plan text left out: it is large
 * and sparkdoc reads the plan graph). Spark lists executions by id; the leading run of finished
 * ones never changes, so later polls start from the last finished one of that run. That overlap
 * of one execution also detects Spark dropping old executions
 * ({@code spark.sql.ui.retainedExecutions}): when it no longer matches, read everything again.
 */
final class SqlLoader {

    static final int PAGE = 100;
    /** Spark keeps 1,000 executions by default: 10 pages; a bound in case a server ignores length. */
    static final int MAX_PAGES = 50;

    private List<ExecutionDataDto> finishedPrefix = List.of();

    /** Empty when the application has no SQL module (the endpoint answers 404). */
    Optional<List<ExecutionDataDto>> load(SparkApi api, AppRef app) {
        List<ExecutionDataDto> kept = finishedPrefix;
        int from = Math.max(0, kept.size() - 1);
        Optional<List<ExecutionDataDto>> fetched = fetchFrom(api, app, from);
        if (fetched.isEmpty()) {
            finishedPrefix = List.of();
            return Optional.empty();
        }
        List<ExecutionDataDto> fresh = fetched.get();
        List<ExecutionDataDto> all = new ArrayList<>();
        if (kept.isEmpty()) {
            all.addAll(fresh);
        } else if (!fresh.isEmpty() && fresh.get(0).id() == kept.get(kept.size() - 1).id()) {
            all.addAll(kept.subList(0, kept.size() - 1));
            all.addAll(fresh);
        } else {
            finishedPrefix = List.of();
            return load(api, app);
        }
        finishedPrefix = leadingFinished(all);
        return Optional.of(List.copyOf(all));
    }

    private static Optional<List<ExecutionDataDto>> fetchFrom(SparkApi api, AppRef app, int offset) {
        List<ExecutionDataDto> out = new ArrayList<>();
        for (int page = 0; page < MAX_PAGES; page++) {
            Optional<List<ExecutionDataDto>> answer = api.sqlPage(app, offset + out.size(), PAGE);
            if (answer.isEmpty()) {
                return out.isEmpty() ? Optional.empty() : Optional.of(out);
            }
            out.addAll(answer.get());
            if (answer.get().size() < PAGE) {
                break;
            }
        }
        return Optional.of(out);
    }

    private static List<ExecutionDataDto> leadingFinished(List<ExecutionDataDto> executions) {
        int n = 0;
        while (n < executions.size() && executions.get(n).finished()) {
            n++;
        }
        return List.copyOf(executions.subList(0, n));
    }
}
