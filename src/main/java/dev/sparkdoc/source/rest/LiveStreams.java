package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.MicroBatchDescription;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.StreamingProgress;
import dev.sparkdoc.model.StreamingQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Structured Streaming queries of a live driver. The REST API has no streaming endpoint, but
 * MicroBatchExecution sets the description of everything a micro-batch runs to
 * {@code "<name>\nid = <id>\nrunId = <runId>\nbatch = <n>"} (jobs and SQL executions, including
 * those a foreachBatch function starts): grouped by run and batch, a batch starts with its first
 * job's submission and ends with its last job's completion. Rows come from the source's scan in
 * the batch's SQL plans ({@code MicroBatchScan}'s "number of output rows"); the parts of a batch
 * (addBatch, walCommit …) are not on the REST API. The batch still running is left out, as a
 * progress event is only posted when a batch ends. What the driver no longer lists
 * ({@code spark.ui.retainedJobs}) is not here either: the live view is the recent batches.
 */
final class LiveStreams {

    private static final String SOURCE_SCAN = "MicroBatchScan";
    private static final String BATCH_SCAN = "Scan ExistingRDD";
    private static final String ROWS = "number of output rows";

    private LiveStreams() {
    }

    /** What one micro-batch ran: its jobs and its SQL executions. */
    private record Batch(List<Job> jobs, List<SqlExecution> sql) {
    }

    /** The runs the jobs' and SQL executions' descriptions name, in order of their first job, with their finished batches. */
    static List<StreamingQuery> of(List<Job> jobs, List<SqlExecution> sql) {
        Map<String, TreeMap<Long, Batch>> runs = new LinkedHashMap<>();
        Map<String, MicroBatchDescription> keys = new LinkedHashMap<>();
        for (Job job : jobs.stream().sorted(Comparator.comparingInt(Job::jobId)).toList()) {
            job.description().flatMap(MicroBatchDescription::parse).ifPresent(k -> batch(runs, keys, k).jobs().add(job));
        }
        for (SqlExecution e : sql.stream().sorted(Comparator.comparingLong(SqlExecution::id)).toList()) {
            MicroBatchDescription.parse(e.description()).ifPresent(k -> batch(runs, keys, k).sql().add(e));
        }
        List<StreamingQuery> out = new ArrayList<>();
        runs.forEach((runId, batches) -> {
            MicroBatchDescription k = keys.get(runId);
            List<StreamingProgress> done = new ArrayList<>();
            batches.forEach((n, b) -> finished(n, b).ifPresent(done::add));
            Optional<Instant> started = starts(batches.firstEntry().getValue()).min(Comparator.naturalOrder());
            List<StreamingProgress> recent = done.subList(Math.max(0, done.size() - StreamingQuery.KEPT_BATCHES), done.size());
            out.add(new StreamingQuery(k.id(), runId, k.name(), started, Optional.empty(), Optional.empty(), sources(batches),
                    "", done.size(), done.stream().findFirst(), recent));
        });
        return out;
    }

    private static Batch batch(Map<String, TreeMap<Long, Batch>> runs, Map<String, MicroBatchDescription> keys, MicroBatchDescription k) {
        keys.putIfAbsent(k.runId(), k);
        return runs.computeIfAbsent(k.runId(), r -> new TreeMap<>())
                .computeIfAbsent(k.batch(), b -> new Batch(new ArrayList<>(), new ArrayList<>()));
    }

    private static java.util.stream.Stream<Instant> starts(Batch b) {
        return java.util.stream.Stream.concat(b.jobs().stream().map(Job::submissionTime),
                b.sql().stream().map(SqlExecution::submissionTime)).flatMap(Optional::stream);
    }

    /**
     * A batch whose jobs and SQL executions all ended, as a progress: from the first start to the
     * last end (the SQL execution around the sink's addBatch also covers driver-side work between
     * jobs, such as a foreachBatch function's own), and its rows. Empty while any part runs.
     */
    private static Optional<StreamingProgress> finished(long batch, Batch b) {
        boolean running = b.jobs().stream().anyMatch(j -> j.status() == JobStatus.RUNNING || j.completionTime().isEmpty()
                || j.submissionTime().isEmpty())
                || b.sql().stream().anyMatch(e -> e.status().equals("RUNNING") || e.submissionTime().isEmpty());
        Optional<Instant> start = starts(b).min(Comparator.naturalOrder());
        if (running || start.isEmpty()) {
            return Optional.empty();
        }
        Instant end = java.util.stream.Stream.concat(b.jobs().stream().map(j -> j.completionTime().orElseThrow()),
                b.sql().stream().map(e -> e.submissionTime().orElseThrow().plusMillis(e.durationMs())))
                .max(Comparator.naturalOrder()).orElseThrow();
        long ms = Math.max(0, end.toEpochMilli() - start.get().toEpochMilli());
        long rows = rows(b.sql());
        double processed = ms > 0 ? rows * 1000.0 / ms : 0;
        return Optional.of(new StreamingProgress(batch, start.get(), ms, Map.of(), rows, 0, processed, 0, 0, 0,
                Optional.empty(), Optional.empty()));
    }

    /** The sources, as their scans in the plans name them: "MicroBatchScan" (a foreachBatch's reads show "Scan ExistingRDD"). */
    private static List<String> sources(TreeMap<Long, Batch> batches) {
        return batches.values().stream().flatMap(b -> b.sql().stream()).flatMap(e -> e.nodes().stream())
                .filter(n -> n.name().startsWith(SOURCE_SCAN)).map(n -> n.detail().isBlank() ? n.name() : n.detail())
                .distinct().limit(4).toList();
    }

    /**
     * Rows the batch read from its source: the largest scan among its SQL executions (a foreachBatch
     * function that runs two actions reads the same batch twice). The source's own scan is
     * {@code MicroBatchScan}; inside foreachBatch the batch is an RDD already read, "Scan ExistingRDD".
     */
    private static long rows(List<SqlExecution> sql) {
        return sql.stream().mapToLong(e -> e.nodes().stream()
                        .filter(n -> n.name().startsWith(SOURCE_SCAN) || n.name().equals(BATCH_SCAN))
                        .flatMap(n -> n.metrics().stream()).filter(m -> m.name().equals(ROWS))
                        .mapToLong(m -> m.total().orElse(0L)).max().orElse(0))
                .max().orElse(0);
    }
}
