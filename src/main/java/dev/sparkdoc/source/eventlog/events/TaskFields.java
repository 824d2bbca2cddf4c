package dev.sparkdoc.source.eventlog.events;

import static dev.sparkdoc.source.eventlog.events.TaskEvent.*;

/**
 * The fields of SparkListenerTaskStart and SparkListenerTaskEnd that sparkdoc reads, by the names
 * JsonProtocol gives them, one table per object. Both task readers look their keys up here — the
 * byte-level {@link TaskLineScan} and Jackson's {@link TaskEventParser} — so a name is written
 * once and the two read the same fields (TaskLineScanTest and the fuzz test check they agree).
 */
final class TaskFields {

    // the event object
    static final int STAGE_ID = 0;
    static final int STAGE_ATTEMPT_ID = 1;
    static final int TASK_INFO = 2;
    static final int TASK_END_REASON = 3;
    static final int TASK_METRICS = 4;
    static final int TASK_EXECUTOR_METRICS = 5;
    static final FieldTable EVENT = new FieldTable()
            .with(STAGE_ID, "Stage ID")
            .with(STAGE_ATTEMPT_ID, "Stage Attempt ID")
            .with(TASK_INFO, "Task Info")
            .with(TASK_END_REASON, "Task End Reason")
            .with(TASK_METRICS, "Task Metrics")
            .with(TASK_EXECUTOR_METRICS, "Task Executor Metrics");

    // "Task Info"
    static final int TASK_ID = 0;
    static final int INDEX = 1;
    static final int ATTEMPT = 2;
    static final int PARTITION_ID = 3;
    static final int LAUNCH_TIME = 4;
    static final int FINISH_TIME = 5;
    static final int GETTING_RESULT_TIME = 6;
    static final int EXECUTOR_ID = 7;
    static final int HOST = 8;
    static final int SPECULATIVE = 9;
    static final int ACCUMULABLES = 10;
    static final FieldTable INFO = new FieldTable()
            .with(TASK_ID, "Task ID")
            .with(INDEX, "Index")
            .with(ATTEMPT, "Attempt")
            .with(PARTITION_ID, "Partition ID")
            .with(LAUNCH_TIME, "Launch Time")
            .with(FINISH_TIME, "Finish Time")
            .with(GETTING_RESULT_TIME, "Getting Result Time")
            .with(EXECUTOR_ID, "Executor ID")
            .with(HOST, "Host")
            .with(SPECULATIVE, "Speculative")
            .with(ACCUMULABLES, "Accumulables");

    // an entry of "Accumulables"
    static final int ACCUMULABLE_ID = 0;
    static final int ACCUMULABLE_UPDATE = 1;
    static final FieldTable ACCUMULABLE = new FieldTable()
            .with(ACCUMULABLE_ID, "ID")
            .with(ACCUMULABLE_UPDATE, "Update");

    // "Task End Reason"; the byte-level reader reads only "Reason" (a success), the rest are failures
    static final int REASON = 0;
    static final int CLASS_NAME = 1;
    static final int MESSAGE = 2;
    static final int FULL_STACK_TRACE = 3;
    static final int LOST_EXECUTOR_ID = 4;
    static final int STACK_TRACE = 5;
    static final int COMMIT_DENIED_PARTITION = 6;
    static final FieldTable END_REASON = new FieldTable()
            .with(REASON, "Reason")
            .with(CLASS_NAME, "Class Name")
            .with(MESSAGE, "Description", "Message", "Kill Reason", "Loss Reason")
            .with(FULL_STACK_TRACE, "Full Stack Trace")
            .with(LOST_EXECUTOR_ID, "Executor ID")
            .with(STACK_TRACE, "Stack Trace")
            .with(COMMIT_DENIED_PARTITION, "Partition ID");

    // a frame of "Stack Trace" (Spark before 1.2 wrote no "Full Stack Trace")
    static final int DECLARING_CLASS = 0;
    static final int METHOD_NAME = 1;
    static final int FILE_NAME = 2;
    static final int LINE_NUMBER = 3;
    static final FieldTable FRAME = new FieldTable()
            .with(DECLARING_CLASS, "Declaring Class")
            .with(METHOD_NAME, "Method Name")
            .with(FILE_NAME, "File Name")
            .with(LINE_NUMBER, "Line Number");

    // "Task Metrics": a number's code is its slot in TaskEvent.metrics; the nested objects of
    // numbers have codes below NOT_READ
    static final int SHUFFLE_READ_METRICS = -2;
    static final int SHUFFLE_WRITE_METRICS = -3;
    static final int INPUT_METRICS = -4;
    static final int OUTPUT_METRICS = -5;
    static final FieldTable METRICS = new FieldTable()
            .with(DESERIALIZE_TIME, "Executor Deserialize Time")
            .with(DESERIALIZE_CPU, "Executor Deserialize CPU Time")
            .with(RUN_TIME, "Executor Run Time")
            .with(CPU_TIME, "Executor CPU Time")
            .with(PEAK_EXECUTION_MEMORY, "Peak Execution Memory")
            .with(RESULT_SIZE, "Result Size")
            .with(GC_TIME, "JVM GC Time")
            .with(RESULT_SERIALIZATION_TIME, "Result Serialization Time")
            .with(MEMORY_SPILLED, "Memory Bytes Spilled")
            .with(DISK_SPILLED, "Disk Bytes Spilled")
            .with(SHUFFLE_READ_METRICS, "Shuffle Read Metrics")
            .with(SHUFFLE_WRITE_METRICS, "Shuffle Write Metrics")
            .with(INPUT_METRICS, "Input Metrics")
            .with(OUTPUT_METRICS, "Output Metrics");

    // "Push Based Shuffle" (what 3.4+ writes) and "Shuffle Push Read Metrics" (what Spark's
    // reader expects) hold push-merge details the snapshot does not keep: both are not read.
    private static final FieldTable SHUFFLE_READ = new FieldTable()
            .with(SHUFFLE_REMOTE_BYTES, "Remote Bytes Read")
            .with(SHUFFLE_LOCAL_BYTES, "Local Bytes Read")
            .with(SHUFFLE_FETCH_WAIT, "Fetch Wait Time")
            .with(SHUFFLE_RECORDS_READ, "Total Records Read");
    private static final FieldTable SHUFFLE_WRITE = new FieldTable()
            .with(SHUFFLE_BYTES_WRITTEN, "Shuffle Bytes Written")
            .with(SHUFFLE_WRITE_TIME, "Shuffle Write Time")
            .with(SHUFFLE_RECORDS_WRITTEN, "Shuffle Records Written");
    private static final FieldTable INPUT = new FieldTable()
            .with(INPUT_BYTES, "Bytes Read")
            .with(INPUT_RECORDS, "Records Read");
    private static final FieldTable OUTPUT = new FieldTable()
            .with(OUTPUT_BYTES, "Bytes Written")
            .with(OUTPUT_RECORDS, "Records Written");

    private TaskFields() {
    }

    /** The numbers of a nested "Task Metrics" object (a code below NOT_READ), each code a metrics slot. */
    static FieldTable numbersOf(int nestedObject) {
        return switch (nestedObject) {
            case SHUFFLE_READ_METRICS -> SHUFFLE_READ;
            case SHUFFLE_WRITE_METRICS -> SHUFFLE_WRITE;
            case INPUT_METRICS -> INPUT;
            case OUTPUT_METRICS -> OUTPUT;
            default -> throw new IllegalArgumentException("no nested metrics object " + nestedObject);
        };
    }
}
