package dev.sparkdoc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Random;

/**
 * Task events of one stage from the template TaskStart/TaskEnd, rewritten in place for each task
 * (the same tree is written again and again: no per-task garbage in the generator).
 */
final class TaskWriter {

    private final ObjectNode start;
    private final ObjectNode end;
    private final ObjectNode success;
    private final ObjectNode failure;
    private final Random random;

    TaskWriter(Map<String, ObjectNode> templates, long accumOffset, Random random) {
        this.random = random;
        start = templates.get("SparkListenerTaskStart").deepCopy();
        end = templates.get("SparkListenerTaskEnd").deepCopy();
        for (JsonNode acc : end.path("Task Info").withArray("Accumulables")) {
            ((ObjectNode) acc).put("ID", acc.path("ID").asLong() + accumOffset);
        }
        success = EventLogGenerator.JSON.createObjectNode().put("Reason", "Success");
        failure = EventLogGenerator.JSON.createObjectNode().put("Reason", "ExceptionFailure")
                .put("Class Name", "org.apache.spark.SparkException")
                .put("Description", "Task failed while writing rows to s3a://bench/out/part-00001")
                .put("Full Stack Trace", "org.apache.spark.SparkException: Task failed while writing rows\n"
                        + "\tat org.apache.spark.sql.errors.QueryExecutionErrors$.taskFailedWhileWritingRowsError(QueryExecutionErrors.scala:789)\n"
                        + "\tat org.apache.spark.sql.execution.datasources.FileFormatWriter$.executeTask(FileFormatWriter.scala:421)\n"
                        + "Caused by: java.io.IOException: Connection reset by peer\n");
        failure.putArray("Stack Trace").addObject().put("Declaring Class", "org.apache.spark.sql.execution.datasources.FileFormatWriter$")
                .put("Method Name", "executeTask").put("File Name", "FileFormatWriter.scala").put("Line Number", 421);
        failure.putArray("Accumulator Updates");
    }

    ObjectNode start(int stage, long taskId, int index, int attempt, long launch, int executor) {
        start.put("Stage ID", stage);
        info((ObjectNode) start.get("Task Info"), taskId, index, attempt, launch, 0, executor);
        return start;
    }

    ObjectNode end(int stage, long taskId, int index, int attempt, long launch, long duration, int executor,
                   double scale, boolean failed) {
        end.put("Stage ID", stage);
        end.set("Task End Reason", failed ? failure : success);
        ObjectNode info = (ObjectNode) end.get("Task Info");
        info(info, taskId, index, attempt, launch, launch + duration, executor);
        info.put("Failed", failed);
        ObjectNode m = (ObjectNode) end.get("Task Metrics");
        long run = duration - 40 - random.nextInt(30);
        m.put("Executor Deserialize Time", 20 + random.nextInt(30))
                .put("Executor Run Time", run)
                .put("Executor CPU Time", run * 700_000L)
                .put("JVM GC Time", run / 20 + random.nextInt(20))
                .put("Result Size", 2400 + random.nextInt(200))
                .put("Peak Execution Memory", (long) (scale * (64L << 20)))
                .put("Memory Bytes Spilled", scale > 1 ? 2L << 30 : 0)
                .put("Disk Bytes Spilled", scale > 1 ? 700L << 20 : 0);
        long read = (long) (scale * (40L << 20) * (0.8 + random.nextDouble() * 0.4));
        ((ObjectNode) m.get("Shuffle Read Metrics")).put("Remote Bytes Read", read * 3 / 4)
                .put("Local Bytes Read", read / 4).put("Fetch Wait Time", random.nextInt(40))
                .put("Total Records Read", read / 100);
        ((ObjectNode) m.get("Shuffle Write Metrics")).put("Shuffle Bytes Written", read / 3)
                .put("Shuffle Records Written", read / 300).put("Shuffle Write Time", run * 20_000L);
        ((ObjectNode) m.get("Input Metrics")).put("Bytes Read", 128L << 20).put("Records Read", 1_000_000);
        ArrayNode accs = info.withArray("Accumulables");
        for (JsonNode acc : accs) {
            JsonNode update = acc.get("Update");
            if (update != null && update.isNumber()) {
                ((ObjectNode) acc).put("Update", random.nextInt(100_000)).put("Value", random.nextInt(1_000_000));
            }
        }
        return end;
    }

    private static void info(ObjectNode info, long taskId, int index, int attempt, long launch, long finish, int executor) {
        info.put("Task ID", taskId).put("Index", index).put("Attempt", attempt).put("Partition ID", index)
                .put("Launch Time", launch).put("Finish Time", finish)
                .put("Executor ID", Integer.toString(executor)).put("Host", EventLogGenerator.host(executor));
    }
}
