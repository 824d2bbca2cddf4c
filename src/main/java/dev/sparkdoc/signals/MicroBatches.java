package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.MicroBatchDescription;
import dev.sparkdoc.model.SqlExecution;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.StreamingQuery;
import java.util.Optional;

/**
 * The jobs and SQL executions of a streaming query's micro-batches, known by the description
 * Spark gives them (MicroBatchExecution sets the job description to
 * {@code "<name>\nid = <id>\nrunId = <runId>\nbatch = <n>"}). A run stopped cleanly cancels the
 * batch in flight, which then reads as a failed query and a cancelled job: neither is an error.
 * A run that died is named by streaming.query-failed, with the query's name.
 */
public final class MicroBatches {

    public static final FactList JOB_FACTS = new FactList(ScopeKind.JOB);
    static final Fact JOB_STOPPED = JOB_FACTS.flag("job.microBatch.stopped",
            "the job is a micro-batch of a streaming query run that was stopped cleanly: cut by the stop, not an error");

    public static final FactList SQL_FACTS = new FactList(ScopeKind.SQL);
    static final Fact SQL_STOPPED = SQL_FACTS.flag("sql.microBatch.stopped",
            "the query is a micro-batch of a streaming query run that was stopped cleanly: cut by the stop, not an error");
    static final Fact SQL_DIED = SQL_FACTS.flag("sql.microBatch.died",
            "the query is a micro-batch of a streaming query run that died: streaming.query-failed names the error");

    public static final FactList STAGE_FACTS = new FactList(ScopeKind.STAGE);
    static final Fact STAGE_DIED = STAGE_FACTS.flag("stage.microBatch.died",
            "the stage ran for a micro-batch of a streaming query run that died: streaming.query-failed names the error,"
                    + " and a task failure here is that one cause");

    private MicroBatches() {
    }

    static void compute(AppContext ctx, Job job, FactSink sink) {
        run(ctx, job.description().orElse("")).ifPresent(q -> sink.put(JOB_STOPPED, StreamSignals.stopped(q)));
    }

    static void compute(AppContext ctx, SqlExecution sql, FactSink sink) {
        run(ctx, sql.description()).ifPresent(q -> sink.put(SQL_STOPPED, StreamSignals.stopped(q))
                .put(SQL_DIED, StreamSignals.error(q).isPresent()));
    }

    static void compute(AppContext ctx, Stage stage, FactSink sink) {
        run(ctx, stage.description().orElse("")).ifPresent(q -> sink.put(STAGE_DIED, StreamSignals.error(q).isPresent()));
    }

    /** The streaming query run a micro-batch description names, when the log has it. */
    static Optional<StreamingQuery> run(AppContext ctx, String description) {
        return MicroBatchDescription.parse(description).flatMap(b -> ctx.snapshot().streamingQueries().stream()
                .filter(q -> q.runId().equals(b.runId())).findFirst());
    }
}
