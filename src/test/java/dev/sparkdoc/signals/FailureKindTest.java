package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Real Spark failure texts (task end reasons, executor removal reasons) and their kind. */
class FailureKindTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            ExceptionFailure    | java.lang.OutOfMemoryError: Java heap space                                                   | OOM
            ExceptionFailure    | java.lang.OutOfMemoryError: GC overhead limit exceeded                                        | OOM
            ExecutorLostFailure | ExecutorLostFailure (executor 3 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits. 10.4 GB of 10.4 GB physical memory used. Consider boosting spark.executor.memoryOverhead. | CONTAINER_KILLED
            ExecutorLostFailure | ExecutorLostFailure (executor 7 exited caused by one of the running tasks) Reason: Container from a bad node: container_1 on host: h1. Exit status: 137. Diagnostics: Container killed on request. Exit code is 137 | EXECUTOR_LOST
            ExecutorLostFailure | The executor with id 2 exited with exit code 137(SIGKILL, possible container OOM).          | CONTAINER_KILLED
            ExecutorLostFailure | Command exited with code 137                                                                    | EXECUTOR_LOST
            ExecutorLostFailure | ExecutorLostFailure (executor 4 exited caused by one of the running tasks) Reason: Executor heartbeat timed out after 125000 ms | EXECUTOR_LOST
            FetchFailed         | FetchFailed(BlockManagerId(2, host-2, 7337, None), shuffleId=0, mapIndex=3, mapId=3, reduceId=7, message=org.apache.spark.shuffle.FetchFailedException: Failed to connect to host-2/10.0.0.2:7337) | FETCH_FAILED
            ExceptionFailure    | java.io.IOException: No space left on device                                                   | DISK_FULL
            ExceptionFailure    | org.apache.spark.SparkException: Task not serializable                                          | SERIALIZATION
            ExceptionFailure    | java.io.NotSerializableException: com.example.Helper                                            | SERIALIZATION
            ExceptionFailure    | org.apache.spark.SparkException: Kryo serialization failed: Buffer overflow. Available: 0, required: 110581. To avoid this, increase spark.kryoserializer.buffer.max value. | SERIALIZATION
            ExceptionFailure    | java.lang.IllegalArgumentException: Class is not registered: com.example.Event (Kryo)         | SERIALIZATION
            ExceptionFailure    | com.esotericsoftware.kryo.KryoException: Encountered unregistered class ID: 13994             | SERIALIZATION
            ExceptionFailure    | org.apache.spark.api.python.PythonException: Traceback (most recent call last):               | PYTHON
            TaskKilled          | another attempt succeeded                                                                       | KILLED
            TaskKilled          | Stage cancelled: Job 3 cancelled                                                                | KILLED
            ExceptionFailure    | java.lang.ArithmeticException: / by zero                                                        | OTHER
            ExceptionFailure    | org.apache.spark.SparkDateTimeException: [CAST_INVALID_INPUT] The value 2024-13-01 of the type STRING cannot be cast to DATE | OTHER
            """)
    void classifiesRealSparkFailureTexts(String reason, String text, FailureKind expected) {
        assertThat(FailureKind.classify(reason, text)).isEqualTo(expected);
    }
}
