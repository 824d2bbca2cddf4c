package dev.sparkdoc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;

/**
 * Generates a large event log from the events of a real Spark 4.0.1 log (the templates): every
 * line is a real event with its ids, times, metrics and accumulator ids rewritten, so the event
 * types, field names and line sizes are Spark's own. Shape: SQL executions of one job each, three
 * stages per job (two map stages and a reduce stage), hundreds of executors, a few big stages,
 * skewed stages (one task 40x the others), failed task attempts retried, executors removed.
 *
 * <pre>java EventLogGenerator TEMPLATE_LOG OUT_PLAIN ROLLING_PARENT APP_ID STAGES TASKS EXECUTORS</pre>
 */
public final class EventLogGenerator {

    static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, ObjectNode> templates;
    private final LogSink sink;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(1 << 16);
    private final Random random = new Random(42);
    private final int executors;
    private long clock = 1_800_000_000_000L;
    private long taskId;
    long tasksWritten;

    EventLogGenerator(Map<String, ObjectNode> templates, LogSink sink, int executors) {
        this.templates = templates;
        this.sink = sink;
        this.executors = executors;
    }

    public static void main(String[] args) throws IOException {
        Path template = Path.of(args[0]);
        Path plain = args[1].equals("-") ? null : Path.of(args[1]);
        Path rollingParent = args[2].equals("-") ? null : Path.of(args[2]);
        String appId = args[3];
        int stages = Integer.parseInt(args[4]);
        long tasks = Long.parseLong(args[5]);
        int executors = Integer.parseInt(args[6]);
        long t0 = System.nanoTime();
        try (LogSink sink = new LogSink(plain, rollingParent, appId, 128L << 20)) {
            EventLogGenerator g = new EventLogGenerator(Templates.load(template), sink, executors);
            g.application(appId, stages, tasks);
            System.err.printf("generated %s: %,d bytes, %d stages, %,d tasks, %d executors in %.1f s%n", appId,
                    sink.total, stages, g.tasksWritten, executors, (System.nanoTime() - t0) / 1e9);
        }
    }

    void application(String appId, int stages, long tasks) throws IOException {
        ObjectNode start = copy("SparkListenerApplicationStart");
        start.put("App ID", appId).put("App Name", "sparkdoc bench " + appId).put("Timestamp", clock);
        emit(copy("SparkListenerLogStart"));
        emit(copy("SparkListenerResourceProfileAdded"));
        emit(copy("SparkListenerEnvironmentUpdate"));
        emit(start);
        for (int e = 1; e <= executors; e++) {
            clock += 3;
            emit(executorAdded(e));
        }
        int jobs = Math.max(1, stages / 3);
        long perStage = Math.max(1, tasks / stages);
        int stageId = 0;
        for (int job = 0; job < jobs; job++) {
            int stagesInJob = job == jobs - 1 ? stages - stageId : 3;
            job(job, stageId, stagesInJob, perStage);
            stageId += stagesInJob;
        }
        for (int e = 1; e <= Math.min(10, executors / 10); e++) {
            ObjectNode removed = JSON.createObjectNode().put("Event", "SparkListenerExecutorRemoved")
                    .put("Timestamp", clock += 10).put("Executor ID", Integer.toString(e * 7))
                    .put("Removed Reason", "Container killed by YARN for exceeding physical memory limits.");
            emit(removed);
        }
        emit(JSON.createObjectNode().put("Event", "SparkListenerApplicationEnd").put("Timestamp", clock += 100));
    }

    private ObjectNode executorAdded(int e) {
        ObjectNode added = copy("SparkListenerExecutorAdded");
        added.put("Timestamp", clock).put("Executor ID", Integer.toString(e));
        ((ObjectNode) added.get("Executor Info")).put("Host", host(e)).put("Total Cores", 4);
        return added;
    }

    static String host(int executor) {
        return "worker-" + (executor / 4) + ".cluster.internal";
    }

    private void job(int job, int firstStage, int stageCount, long perStage) throws IOException {
        long accumOffset = (long) job * 1000;
        ObjectNode sqlStart = copy("org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart");
        sqlStart.put("executionId", job).put("rootExecutionId", job).put("time", clock)
                .put("description", "bench query " + job);
        Templates.shiftAccumulatorIds(sqlStart.get("sparkPlanInfo"), accumOffset);
        emit(sqlStart);

        ObjectNode jobStart = copy("SparkListenerJobStart");
        ArrayNode infos = jobStart.putArray("Stage Infos");
        ArrayNode ids = jobStart.putArray("Stage IDs");
        for (int s = firstStage; s < firstStage + stageCount; s++) {
            infos.add(stageInfo(s, taskCount(s, perStage), accumOffset, -1, -1));
            ids.add(s);
        }
        jobStart.put("Job ID", job).put("Submission Time", clock);
        ((ObjectNode) jobStart.get("Properties")).put("spark.sql.execution.id", Integer.toString(job));
        emit(jobStart);

        for (int s = firstStage; s < firstStage + stageCount; s++) {
            stage(s, taskCount(s, perStage), accumOffset);
        }
        ObjectNode adaptive = copy("org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate");
        adaptive.put("executionId", job);
        Templates.shiftAccumulatorIds(adaptive.get("sparkPlanInfo"), accumOffset);
        emit(adaptive);
        emit(JSON.createObjectNode().put("Event", "SparkListenerJobEnd").put("Job ID", job)
                .put("Completion Time", clock += 5).set("Job Result", JSON.createObjectNode().put("Result", "JobSucceeded")));
        emit(JSON.createObjectNode().put("Event", "org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionEnd")
                .put("executionId", job).put("time", clock += 2));
    }

    /** Every 20th stage is big (8x the tasks); the others share what is left. */
    static int taskCount(int stage, long perStage) {
        return (int) (stage % 20 == 7 ? perStage * 8 : Math.max(1, perStage * 12 / 19));
    }

    private ObjectNode stageInfo(int stage, int tasks, long accumOffset, long submitted, long completed) {
        ObjectNode info = templates.get("Stage Info").deepCopy();
        info.put("Stage ID", stage).put("Number of Tasks", tasks)
                .put("Stage Name", "save at BenchJob.scala:" + (100 + stage % 50));
        if (submitted > 0) {
            info.put("Submission Time", submitted);
        } else {
            info.remove("Submission Time");
        }
        if (completed > 0) {
            info.put("Completion Time", completed);
        } else {
            info.remove("Completion Time");
        }
        for (JsonNode acc : info.withArray("Accumulables")) {
            ((ObjectNode) acc).put("ID", acc.path("ID").asLong() + accumOffset);
        }
        return info;
    }

    private void stage(int stage, int tasks, long accumOffset) throws IOException {
        long submitted = clock;
        emit(JSON.createObjectNode().put("Event", "SparkListenerStageSubmitted")
                .set("Stage Info", stageInfo(stage, tasks, accumOffset, submitted, -1)));
        boolean skewed = stage % 25 == 3;
        boolean failing = stage % 50 == 11;
        int slots = executors * 4;
        long waveStart = clock;
        long stageEnd = clock;
        TaskWriter writer = new TaskWriter(templates, accumOffset, random);
        for (int from = 0; from < tasks; from += slots) {
            int to = Math.min(tasks, from + slots);
            long waveEnd = waveStart;
            for (int i = from; i < to; i++) {
                int executor = 1 + (i - from) / 4;
                emit(writer.start(stage, taskId + i, i, 0, waveStart + (i - from) % 50, executor));
            }
            for (int i = from; i < to; i++) {
                int executor = 1 + (i - from) / 4;
                long launch = waveStart + (i - from) % 50;
                long duration = 1500 + random.nextInt(1000);
                double scale = 1;
                if (skewed && i == 0) {
                    scale = 40;
                    duration *= 40;
                }
                boolean fail = failing && i < 3;
                emit(writer.end(stage, taskId + i, i, 0, launch, duration, executor, scale, fail));
                if (fail) {
                    // the retry, on the next executor
                    long retryId = taskId + tasks + i;
                    int other = 1 + executor % executors;
                    emit(writer.start(stage, retryId, i, 1, launch + duration + 5, other));
                    emit(writer.end(stage, retryId, i, 1, launch + duration + 5, duration, other, 1, false));
                    tasksWritten++;
                }
                waveEnd = Math.max(waveEnd, launch + duration + (fail ? duration + 10 : 0));
                tasksWritten++;
            }
            waveStart = waveEnd + 20;
            stageEnd = waveEnd;
        }
        taskId += tasks + (failing ? 3 : 0);
        clock = stageEnd + 30;
        emit(JSON.createObjectNode().put("Event", "SparkListenerStageCompleted")
                .set("Stage Info", stageInfo(stage, tasks, accumOffset, submitted, clock)));
    }

    private ObjectNode copy(String event) {
        ObjectNode t = templates.get(event);
        if (t == null) {
            throw new IllegalStateException("template log has no " + event);
        }
        return t.deepCopy();
    }

    void emit(JsonNode event) throws IOException {
        line.reset();
        JSON.writeValue(line, event);
        sink.line(line.toByteArray(), line.size());
    }
}
