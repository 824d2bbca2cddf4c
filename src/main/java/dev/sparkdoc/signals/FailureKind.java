package dev.sparkdoc.signals;

import dev.sparkdoc.explain.ExitCodes;
import dev.sparkdoc.model.TaskFailure;
import java.util.Locale;

/**
 * Coarse classes of task, stage and executor failure text, for counting. The exception is
 * named in the finding; {@code sparkdoc explain} does the fine-grained classification.
 */
public enum FailureKind {
    /** java.lang.OutOfMemoryError, GC overhead limit */
    OOM,
    /** the GPU's memory: RAPIDS' GpuSplitAndRetryOOM / GpuRetryOOM, RMM, CUDA out of memory */
    GPU_OOM,
    /** the cluster manager killed the container for memory: limits exceeded, OOMKilled (an exit code alone is no proof) */
    CONTAINER_KILLED,
    /** No space left on device */
    DISK_FULL,
    /** FetchFailed: a shuffle block could not be fetched (often a lost executor) */
    FETCH_FAILED,
    /** the executor running the task went away: node lost, preemption, decommissioning, heartbeat, a bare exit code */
    EXECUTOR_LOST,
    /** Task not serializable, NotSerializableException, Kryo buffer overflow or unregistered class */
    SERIALIZATION,
    /** a Python worker died without a traceback: "Python worker exited unexpectedly (crashed)" (killed, segfault, os._exit) */
    PYTHON_CRASHED,
    /** a Python worker raised MemoryError: spark.executor.pyspark.memory is its address-space limit, or the machine ran out */
    PYTHON_MEMORY,
    /** a Python worker raised (PythonException) */
    PYTHON,
    /**
     * TaskResultLost: the task ended, but the driver could not fetch its result (results over
     * spark.task.maxDirectResultSize wait in the executor's block manager): the driver's heap ran
     * out fetching them, or the executor holding them went away
     */
    RESULT_LOST,
    /** killed on purpose: speculation, job cancelled, stage finished */
    KILLED,
    /** anything else: user code, data */
    OTHER;

    /** A task failure's kind, read from its reason, message and trace. */
    public static FailureKind of(TaskFailure f) {
        return classify(f.reason(), f.message() + "\n" + f.detail());
    }

    public static FailureKind classify(String reason, String text) {
        String t = text.toLowerCase(Locale.ROOT);
        String r = reason.toLowerCase(Locale.ROOT);
        if (t.contains("no space left on device")) {
            return DISK_FULL;
        }
        // before the JVM's: RAPIDS' messages say "GPU OutOfMemory", and a CUDA OOM comes wrapped in a PythonException
        if (t.contains("gpusplitandretryoom") || t.contains("gpuretryoom") || t.contains("rmmsparkoom")
                || t.contains("cuda out of memory") || t.contains("gpu outofmemory")) {
            return GPU_OOM;
        }
        if (t.contains("outofmemoryerror") || t.contains("gc overhead limit") || t.contains("java heap space")) {
            return OOM;
        }
        // exit 137/143 are signals from outside: memory only when the text says so, never for
        // "[lost node]" / "Container killed on request" (preemption, a lost node: ExitCodes)
        if (ExitCodes.namesMemory(text) && !ExitCodes.namesNodeLoss(text)) {
            return CONTAINER_KILLED;
        }
        // a dead worker's JVM side sees only an EOFException; Spark says which it was
        if (t.contains("python worker exited unexpectedly")) {
            return PYTHON_CRASHED;
        }
        if (r.contains("fetchfailed") || t.contains("fetchfailedexception") || t.contains("fetchfailed")) {
            return FETCH_FAILED;
        }
        if (r.contains("executorlost") || t.contains("executorlostfailure") || t.contains("executor lost")
                || ExitCodes.find(text).isPresent() || t.contains("killed by external signal")) {
            return EXECUTOR_LOST;
        }
        if (t.contains("notserializableexception") || t.contains("task not serializable")
                || t.contains("kryoexception")
                || t.contains("kryo") && (t.contains("buffer overflow") || t.contains("not registered"))) {
            return SERIALIZATION;
        }
        if (t.contains("pythonexception") || t.contains("traceback (most recent call last)")) {
            return ExceptionNames.pythonRoot(text).filter(root -> root.startsWith("MemoryError")).isPresent() ? PYTHON_MEMORY : PYTHON;
        }
        if (r.contains("taskresultlost") || t.contains("taskresultlost") || t.contains("result lost from block manager")) {
            return RESULT_LOST;
        }
        if (r.contains("taskkilled") || r.contains("killed") || t.startsWith("taskkilled")) {
            return KILLED;
        }
        return OTHER;
    }
}
