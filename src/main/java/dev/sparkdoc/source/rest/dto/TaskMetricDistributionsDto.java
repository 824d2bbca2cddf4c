package dev.sparkdoc.source.rest.dto;

import java.util.List;

/**
 * {@code TaskMetricDistributions} from {@code taskSummary}: every list is aligned with
 * {@code quantiles}.
 */
public record TaskMetricDistributionsDto(
        List<Double> quantiles,
        List<Double> duration,
        List<Double> executorRunTime,
        List<Double> jvmGcTime,
        List<Double> schedulerDelay,
        List<Double> peakExecutionMemory,
        List<Double> memoryBytesSpilled,
        List<Double> diskBytesSpilled,
        InputDistributions inputMetrics,
        ShuffleReadDistributions shuffleReadMetrics,
        ShuffleWriteDistributions shuffleWriteMetrics) {

    public TaskMetricDistributionsDto {
        quantiles = Lists.orEmpty(quantiles);
        duration = Lists.orEmpty(duration);
        executorRunTime = Lists.orEmpty(executorRunTime);
        jvmGcTime = Lists.orEmpty(jvmGcTime);
        schedulerDelay = Lists.orEmpty(schedulerDelay);
        peakExecutionMemory = Lists.orEmpty(peakExecutionMemory);
        memoryBytesSpilled = Lists.orEmpty(memoryBytesSpilled);
        diskBytesSpilled = Lists.orEmpty(diskBytesSpilled);
        inputMetrics = inputMetrics == null ? new InputDistributions(null, null) : inputMetrics;
        shuffleReadMetrics = shuffleReadMetrics == null ? new ShuffleReadDistributions(null, null) : shuffleReadMetrics;
        shuffleWriteMetrics = shuffleWriteMetrics == null ? new ShuffleWriteDistributions(null) : shuffleWriteMetrics;
    }

    public record InputDistributions(List<Double> bytesRead, List<Double> recordsRead) {
        public InputDistributions {
            bytesRead = Lists.orEmpty(bytesRead);
            recordsRead = Lists.orEmpty(recordsRead);
        }
    }

    public record ShuffleReadDistributions(List<Double> readBytes, List<Double> readRecords) {
        public ShuffleReadDistributions {
            readBytes = Lists.orEmpty(readBytes);
            readRecords = Lists.orEmpty(readRecords);
        }
    }

    public record ShuffleWriteDistributions(List<Double> writeBytes) {
        public ShuffleWriteDistributions {
            writeBytes = Lists.orEmpty(writeBytes);
        }
    }
}
