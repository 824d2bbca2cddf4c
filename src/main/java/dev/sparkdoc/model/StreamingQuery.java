package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One run of a Structured Streaming query (a start, its micro-batches, its end), from the
 * {@code StreamingQueryListener} events Spark writes into the event log. A query restarted from
 * its checkpoint keeps its {@code id} and gets a new {@code runId}: each run is one record.
 * A stream runs for weeks, so only the last {@link #KEPT_BATCHES} micro-batches are kept, with the
 * first one and the count of all.
 *
 * @param name       the query's name ({@code queryName}), empty when it has none
 * @param terminated when the run ended (the log's clock at its {@code QueryTerminatedEvent})
 * @param exception  the error that ended it; empty for a clean stop (or a run still going)
 * @param sources    its sources' descriptions, as the last progress gave them
 * @param batches    micro-batches reported in all
 * @param first      the first micro-batch reported
 * @param recent     the last micro-batches, oldest first
 */
public record StreamingQuery(
        String id,
        String runId,
        String name,
        Optional<Instant> started,
        Optional<Instant> terminated,
        Optional<String> exception,
        List<String> sources,
        String sink,
        long batches,
        Optional<StreamingProgress> first,
        List<StreamingProgress> recent) {

    public static final int KEPT_BATCHES = 1_000;

    public StreamingQuery {
        started = started == null ? Optional.empty() : started;
        terminated = terminated == null ? Optional.empty() : terminated;
        exception = exception == null ? Optional.empty() : exception;
        first = first == null ? Optional.empty() : first;
        sources = sources == null ? List.of() : List.copyOf(sources);
        recent = recent == null ? List.of() : List.copyOf(recent);
    }
}
