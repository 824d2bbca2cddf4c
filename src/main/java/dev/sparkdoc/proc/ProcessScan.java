package dev.sparkdoc.proc;

import java.time.Duration;

/**
 * Successive tables of the Spark processes, each with CPU % measured since the sample before,
 * as {@code top} does. The first call samples twice {@code interval} apart; later calls wait
 * {@code interval} and compare against the previous sample.
 */
public final class ProcessScan {

    /** Long enough for a readable CPU %, short enough to wait for. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(500);

    private final ProcessSampler sampler;
    private final boolean includeRelated;
    private ProcessSample previous;

    public ProcessScan(ProcessSampler sampler, boolean includeRelated) {
        this.sampler = sampler;
        this.includeRelated = includeRelated;
    }

    public ProcessTable next(Duration interval, DriverHints hints) throws InterruptedException {
        if (previous == null) {
            previous = sampler.sample();
        }
        Thread.sleep(Math.max(0, interval.toMillis()));
        ProcessSample now = sampler.sample();
        ProcessTable table = SparkProcesses.classify(previous, now, hints, includeRelated);
        previous = now;
        return table;
    }
}
