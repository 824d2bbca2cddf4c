package dev.sparkdoc.signals;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.DriverLog;
import dev.sparkdoc.model.Executor;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
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
        FactSink appSink = new FactSink(ctx.appScope());
        AppSignals.compute(ctx, appSink);
        ConfigSignals.compute(ctx, appSink);
        CrashSignals.compute(ctx, appSink);
        LossSignals.compute(ctx, appSink);
        ScopeFacts app = appSink.build(Optional.empty());

        List<ScopeFacts> scopes = new ArrayList<>();
        for (Job job : snapshot.jobs()) {
            FactSink sink = new FactSink(JobSignals.scope(job));
            JobSignals.compute(ctx, job, sink);
            scopes.add(sink.build(Optional.of(app)));
        }
        for (Stage stage : snapshot.stages()) {
            FactSink sink = new FactSink(StageSignals.scope(ctx, stage));
            StageSignals.compute(ctx, stage, sink);
            scopes.add(sink.build(Optional.of(app)));
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
            scopes.add(sink.build(Optional.of(app)));
        }
        processes.ifPresent(table -> scopes.addAll(ProcessSignals.compute(ctx, table, app)));
        return new SignalSet(app, scopes);
    }
}
