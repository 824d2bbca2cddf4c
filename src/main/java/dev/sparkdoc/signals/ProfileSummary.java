package dev.sparkdoc.signals;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Optional;

/**
 * One profile of a PySpark profiler dump, summed up: what {@code triage --profile-dump} shows and
 * {@code --json} writes under {@code profiles} (docs/triage.schema.json).
 *
 * @param file         the file in the dump
 * @param target       {@code udf} or {@code rdd}
 * @param id           the UDF's result id (the plan's {@code #N}) or the RDD's id
 * @param profiler     {@code perf} (cProfile) or {@code memory} (memory_profiler)
 * @param udf          the UDF's name in the plan, when a query runs it
 * @param queries      the SQL queries whose plan runs the UDF
 * @param totalSeconds the time cProfile measured, summed over every task (perf only)
 * @param calls        the function calls it counted (perf only)
 * @param byCumulative the functions that took the most time with what they called
 * @param byOwn        the functions that took the most time themselves
 * @param memoryGrew   the lines whose memory grew the most (memory only)
 */
@JsonPropertyOrder({"file", "target", "id", "profiler", "udf", "queries", "totalSeconds", "calls", "byCumulative", "byOwn", "memoryGrew"})
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record ProfileSummary(String file, String target, long id, String profiler, Optional<String> udf, List<Long> queries,
                             Optional<Double> totalSeconds, Optional<Long> calls, List<FunctionTime> byCumulative,
                             List<FunctionTime> byOwn, List<MemoryGrowth> memoryGrew) {

    public ProfileSummary {
        queries = List.copyOf(queries);
        byCumulative = List.copyOf(byCumulative);
        byOwn = List.copyOf(byOwn);
        memoryGrew = List.copyOf(memoryGrew);
    }

    /** A function as pstats prints it, its calls, its seconds and their share of the profile's total (0 to 1). */
    public record FunctionTime(String function, long calls, double seconds, double share) {
    }

    /** A source line ({@code file.py:12}) and what it added to the worker's memory. */
    public record MemoryGrowth(String line, String contents, long incrementBytes, long usageBytes, long occurrences) {
    }
}
