package dev.sparkdoc.source.rest.dto;

import java.util.List;

/**
 * {@code TaskMetricDistributions} from {@code taskSummary}: every list is aligned with
 * {@code quantiles}, so a null element stays where it is (see {@code QuantilesMapper}).
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
        quantiles = Lists.aligned(quantiles);
        duration = Lists.aligned(duration);
        executorRunTime = Lists.aligned(executorRunTime);
        jvmGcTime = Lists.aligned(jvmGcTime);
        schedulerDelay = Lists.aligned(schedulerDelay);
        peakExecutionMemory = Lists.aligned(peakExecutionMemory);
        memoryBytesSpilled = Lists.aligned(memoryBytesSpilled);
        diskBytesSpilled = Lists.aligned(diskBytesSpilled);
        inputMetrics = inputMetrics == null ? new InputDistributions(null, null) : inputMetrics;
        shuffleReadMetrics = shuffleReadMetrics == null ? new ShuffleReadDistributions(null, null) : shuffleReadMetrics;
        shuffleWriteMetrics = shuffleWriteMetrics == null ? new ShuffleWriteDistributions(null) : shuffleWriteMetrics;
    }

    public record InputDistributions(List<Double> bytesRead, List<Double> recordsRead) {
        public InputDistributions {
            bytesRead = Lists.aligned(bytesRead);
            recordsRead = Lists.aligned(recordsRead);
        }
    }

    public record ShuffleReadDistributions(List<Double> readBytes, List<Double> readRecords) {
        public ShuffleReadDistributions {
            readBytes = Lists.aligned(readBytes);
            readRecords = Lists.aligned(readRecords);
        }
    }

    public record ShuffleWriteDistributions(List<Double> writeBytes) {
        public ShuffleWriteDistributions {
            writeBytes = Lists.aligned(writeBytes);
        }
    }
}
