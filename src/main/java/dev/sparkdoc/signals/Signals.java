package dev.sparkdoc.signals;

import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StreamingQuery;
import dev.sparkdoc.proc.ProcessTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Computes every scope's facts for a snapshot: the input of the rule engine. */
public final class Signals {

    private Signals() {
    }

    public static SignalSet compute(AppSnapshot snapshot) {
        return compute(snapshot, Optional.empty());
    }

    /**
     * With the local processes too, when the application runs on this machine: one scope per
     * driver or executor JVM of the application (and per orphaned pyspark.daemon).
     */
    public static SignalSet compute(AppSnapshot snapshot, Optional<ProcessTable> processes) {
        return compute(snapshot, processes, Optional.empty());
    }

    /** With the driver's own log too ({@code triage --driver-log}): how the driver died, if it did. */
    public static SignalSet compute(AppSnapshot snapshot, Optional<ProcessTable> processes, Optional<DriverLog> driverLog) {
        AppContext ctx = AppContext.of(snapshot, driverLog);
        FactSink appSink = new FactSink(ctx.appScope()).settings(ctx.inForce());
        AppSignals.compute(ctx, appSink);
        DriverSignals.compute(ctx, appSink);
        ConfigSignals.compute(ctx, appSink);
        CrashSignals.compute(ctx, appSink);
        LossSignals.compute(ctx, appSink);
        TimeSignals.compute(ctx, appSink);
        DriverGapSignals.compute(ctx, appSink);
        RetriedWork.compute(ctx, appSink);
        SpeculativeCopies.compute(ctx, appSink);
        ExecutorCounts.compute(ctx, appSink);
        LateExecutors.compute(ctx, appSink);
        ScopeFacts app = appSink.build(Optional.empty());
        QueryParents parents = new QueryParents(ctx, app);

        List<ScopeFacts> scopes = new ArrayList<>();
        for (Job job : snapshot.jobs()) {
            FactSink sink = new FactSink(JobSignals.scope(ctx, job));
            JobSignals.compute(ctx, job, sink);
            MicroBatches.compute(ctx, job, sink);
            scopes.add(sink.build(Optional.of(parents.of(job.sqlExecutionId().flatMap(ctx::query)))));
        }
        for (Stage stage : snapshot.stages()) {
            FactSink sink = new FactSink(StageSignals.scope(ctx, stage));
            StageSignals.compute(ctx, stage, sink);
            MicroBatches.compute(ctx, stage, sink);
            scopes.add(sink.build(Optional.of(parents.of(ctx.queryOf(stage)))));
        }
        for (Executor executor : snapshot.executors()) {
            FactSink sink = new FactSink(ExecutorSignals.scope(executor));
            ExecutorSignals.compute(ctx, executor, sink);
            scopes.add(sink.build(Optional.of(app)));
        }
        for (SqlExecution sql : snapshot.sqlExecutions()) {
            FactSink sink = new FactSink(SqlSignals.scope(sql));
            SqlSignals.compute(ctx, sql, sink);
            SqlErrorSignals.compute(ctx, sql, sink);
            FileSignals.compute(ctx, sql, sink);
            MicroBatches.compute(ctx, sql, sink);
            scopes.add(sink.build(Optional.of(parents.of(Optional.of(sql)))));
        }
        for (StreamingQuery query : snapshot.streamingQueries()) {
            FactSink sink = new FactSink(StreamSignals.scope(query));
            StreamSignals.compute(ctx, query, sink);
            scopes.add(sink.build(Optional.of(app)));
        }
        processes.ifPresent(table -> scopes.addAll(ProcessSignals.compute(ctx, table, app)));
        return new SignalSet(app, scopes, ctx.names());
    }

    /**
     * The parent a query's scopes read app-wide facts from: the app's own, or, for a query that
     * ran with its own session settings, the app's facts with the SQL settings' facts recomputed
     * under the query's values (so {@code config.broadcastThreshold} is -1 where the query set it).
     */
    private static final class QueryParents {
        private final AppContext ctx;
        private final ScopeFacts app;
        private final java.util.Map<Long, ScopeFacts> byQuery = new java.util.HashMap<>();

        QueryParents(AppContext ctx, ScopeFacts app) {
            this.ctx = ctx;
            this.app = app;
        }

        ScopeFacts of(Optional<SqlExecution> query) {
            if (query.isEmpty() || !ctx.hasConfig()) {
                return app;
            }
            Settings settings = ctx.settings().forQuery(query.get());
            if (!settings.queryLevel()) {
                return app;
            }
            return byQuery.computeIfAbsent(query.get().id(), id -> {
                FactSink sink = new FactSink(ctx.appScope()).settings(settings);
                ConfigSignals.session(settings, sink);
                return sink.build(Optional.of(app));
            });
        }
    }
}
