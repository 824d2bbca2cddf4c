package dev.sparkdoc.rules.catalog;

import static dev.sparkdoc.rules.catalog.CatalogAssert.conf;
import static dev.sparkdoc.rules.catalog.CatalogAssert.evidence;
import static dev.sparkdoc.rules.catalog.CatalogAssert.fires;
import static dev.sparkdoc.rules.catalog.CatalogAssert.quiet;
import static dev.sparkdoc.testing.Snapshots.failedJob;
import static dev.sparkdoc.testing.Snapshots.stage;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.StageStatus;
import dev.sparkdoc.rules.Finding;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.testing.Snapshots;
import org.junit.jupiter.api.Test;

class SerializationRulesTest {

    private static final String TASKS = "serialization.task-failures";
    private static final String JOB = "serialization.job-not-serializable";

    private static Snapshots failingWith(String exceptionClass, String message) {
        return Snapshots.app().stage(stage(16).tasks(100, 96).failed(4).status(StageStatus.FAILED)
                .failure("ExceptionFailure", exceptionClass, message, message + "\n\tat org.apache.spark.serializer."
                        + "KryoSerializerInstance.serialize(KryoSerializer.scala:439)", 4, "2"));
    }

    private static final String KRYO_OVERFLOW = "org.apache.spark.SparkException: Kryo serialization failed: Buffer overflow. "
            + "Available: 0, required: 1048576. To avoid this, increase spark.kryoserializer.buffer.max value.";

    @Test
    void kryoBufferOverflowIsCritical() {
        Finding f = fires(failingWith("org.apache.spark.SparkException", KRYO_OVERFLOW), TASKS, "16.0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Stage 16 failed to serialize: " + KRYO_OVERFLOW.replace("org.apache.spark.", ""));
        assertThat(f.secondsLost()).isEqualTo(30.0);
        assertThat(evidence(f, "stage.failures.count")).isEqualTo(4.0);
        assertThat(conf(f, "spark.kryoserializer.buffer.max")).isEqualTo("512m");
    }

    @Test
    void kryoUnregisteredClassIdIsASerializationFailure() {
        fires(failingWith("com.esotericsoftware.kryo.KryoException",
                "com.esotericsoftware.kryo.KryoException: Encountered unregistered class ID: 13994"), TASKS, "16.0");
    }

    @Test
    void nullPointerInUserCodeIsNotASerializationFailure() {
        fires(failingWith("java.lang.NullPointerException", "java.lang.NullPointerException"), "errors-during.task-failures", "16.0");
    }

    private static final String NOT_SERIALIZABLE = """
            Job aborted due to stage failure: Task not serializable: java.io.NotSerializableException: com.example.Helper
            Serialization stack:
            \t- object not serializable (class: com.example.Helper, value: com.example.Helper@1b2c3d4e)""";

    @Test
    void jobAbortedForATaskNotSerializableIsCritical() {
        // failed before any task ran, too: errors-before leaves it to this rule
        Finding f = fires(Snapshots.app().job(failedJob(0, NOT_SERIALIZABLE, 0, 0)), JOB, "0");

        assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(f.title()).isEqualTo("Job 0 failed: Job aborted due to stage failure: Task not serializable: "
                + "java.io.NotSerializableException: com.example.Helper");
        assertThat(evidence(f, "job.error.serialization")).isEqualTo(1.0);
    }

    @Test
    void jobFailedForADivisionByZeroIsNotASerializationError() {
        quiet(Snapshots.app().job(failedJob(0, "Job aborted due to stage failure: Task 0 in stage 0.0 failed 1 times, "
                + "most recent failure: Lost task 0.0 in stage 0.0 (TID 0): java.lang.ArithmeticException: / by zero", 0, 1)), JOB);
    }
}
