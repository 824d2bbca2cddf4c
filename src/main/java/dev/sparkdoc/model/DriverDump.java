package dev.sparkdoc.model;

import java.time.Instant;
import java.util.List;

/**
 * The live driver's thread dump, taken when it can tell something: no task has run on the
 * executors for a while although the application has not finished, or the REST API answered
 * slowly. Only the threads that may say what the driver does are kept ({@link DriverThread}).
 *
 * @param reason      why it was taken, in a user's words ("no task has run for 45 s")
 * @param quietMs     how long no task had run when it was taken ({@link ExecutorQuiet}); 0 while tasks ran
 * @param answerMs    how long the poll's core requests (jobs, stages, executors) took to answer
 * @param threadCount the threads in the whole dump; 0 when a slow driver did not give it in time
 *                    (the answer time is still known)
 */
public record DriverDump(Instant takenAt, String reason, long quietMs, long answerMs, int threadCount, List<DriverThread> threads) {

    public DriverDump {
        threads = List.copyOf(threads);
    }
}
