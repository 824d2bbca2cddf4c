package dev.sparkdoc.model;

/** The per-task metrics sparkdoc keeps distributions of, with their units. */
public enum TaskMetric {
    DURATION("ms"),
    EXECUTOR_RUN_TIME("ms"),
    JVM_GC_TIME("ms"),
    SCHEDULER_DELAY("ms"),
    INPUT_BYTES("bytes"),
    INPUT_RECORDS("records"),
    SHUFFLE_READ_BYTES("bytes"),
    SHUFFLE_READ_RECORDS("records"),
    SHUFFLE_WRITE_BYTES("bytes"),
    MEMORY_BYTES_SPILLED("bytes"),
    DISK_BYTES_SPILLED("bytes"),
    PEAK_EXECUTION_MEMORY("bytes");

    private final String unit;

    TaskMetric(String unit) {
        this.unit = unit;
    }

    public String unit() {
        return unit;
    }
}
