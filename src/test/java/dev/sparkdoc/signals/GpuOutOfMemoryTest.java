package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GPU out-of-memory errors (RAPIDS, RMM, CUDA) are memory failures: in explain, which names a
 * stage's failures, and in FailureKind, which counts them for executor-memory.gpu-oom.
 */
class GpuOutOfMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {
            // the message and class of gpu_oom_eventlog.zstd's 59 task failures
            "com.nvidia.spark.rapids.jni.GpuSplitAndRetryOOM: GPU OutOfMemory: could not split inputs and retry."
                    + " The current attempt: {HostMemoryBuffer{address=0x7efca0872010, length=729336131, id=4933}}",
            "com.nvidia.spark.rapids.jni.GpuRetryOOM: GPU OutOfMemory",
            "com.nvidia.spark.rapids.jni.RmmSparkOOM: allocation failed",
            "org.apache.spark.api.python.PythonException: RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"})
    void gpuOutOfMemoryIsMemory(String text) {
        // as a task failure's detail: the message and its stack trace
        String failure = text + "\n\tat com.nvidia.spark.rapids.RmmRapidsRetryIterator.next(RmmRapidsRetryIterator.scala:1)";
        assertThat(ErrorClassifier.builtIn().classify(failure)).first()
                .extracting(ExplainedError::family).isEqualTo("executor-memory");
        assertThat(FailureKind.classify("ExceptionFailure", failure)).isEqualTo(FailureKind.GPU_OOM);
    }

    @ParameterizedTest
    @ValueSource(strings = {"java.lang.ArithmeticException: / by zero", "com.nvidia.spark.rapids.GpuSemaphoreException: timed out"})
    void otherGpuTextIsNotMemory(String text) {
        assertThat(ErrorClassifier.builtIn().classify(text + "\n\tat a.B.c(B.java:1)")).first()
                .extracting(ExplainedError::family).isNotEqualTo("executor-memory");
        assertThat(FailureKind.classify("ExceptionFailure", text)).isNotEqualTo(FailureKind.GPU_OOM);
    }
}
