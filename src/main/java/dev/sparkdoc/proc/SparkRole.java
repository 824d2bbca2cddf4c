package dev.sparkdoc.proc;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a local process is to Spark. The ids are part of {@code ps --json}. */
public enum SparkRole {
    /** The driver JVM: spark-submit (client mode), spark-shell, pyspark's JVM, a notebook kernel, a plain app. */
    DRIVER("driver"),
    /** The Python process of a PySpark driver (shell, script, notebook): the driver JVM's parent, or its child under spark-submit. */
    DRIVER_PYTHON("driver-python"),
    /** spark-submit in cluster mode: only a launcher, the driver runs elsewhere. */
    SUBMITTER("submitter"),
    EXECUTOR("executor"),
    /** {@code python -m pyspark.daemon}: forks one worker per Python task slot. */
    PYTHON_DAEMON("python-daemon"),
    /** A Python worker: a child of the daemon (same command line) or {@code -m pyspark.worker}. */
    PYTHON_WORKER("python-worker"),
    HISTORY_SERVER("history-server"),
    STANDALONE_MASTER("standalone-master"),
    STANDALONE_WORKER("standalone-worker"),
    /** A Java or Python process that is not Spark's but may matter (shown with --all). */
    RELATED("related");

    private final String id;

    SparkRole(String id) {
        this.id = id;
    }

    @JsonValue
    public String id() {
        return id;
    }
}
