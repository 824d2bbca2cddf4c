package dev.sparkdoc.signals;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A job or stage that Spark cancelled on request, read from its failure text: not an error of
 * the user's code. The texts are DAGScheduler's ({@code handleJobCancellation} and its callers,
 * error class SPARK_JOB_CANCELLED since Spark 3.5): "Job 3 cancelled because SparkContext was
 * shut down", "… as part of cancellation of all jobs", "… part of cancelled job group G",
 * "… part of cancelled job tags T", "… because Stage 5 was cancelled", "… killed via the Web UI".
 *
 * @param by who or what cancelled it, in words
 * @param byShutdown the application stopped while the job ran
 */
record Cancellation(String by, boolean byShutdown) {

    private static final Pattern CANCELLED = Pattern.compile(
            "SPARK_JOB_CANCELLED|\\bJob \\d+ cancelled\\b|\\bStage \\d+ was cancelled\\b|cancellation of all jobs"
                    + "|killed via the Web UI|\\bcancelled because SparkContext was shut down\\b",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern GROUP = Pattern.compile("job group (\\S+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern TAGS = Pattern.compile("job tags? (\\S+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern STAGE = Pattern.compile("\\bStage (\\d+) was cancelled", Pattern.CASE_INSENSITIVE);

    static Optional<Cancellation> of(String reason) {
        if (!CANCELLED.matcher(reason).find()) {
            return Optional.empty();
        }
        if (reason.contains("SparkContext was shut down")) {
            return Optional.of(new Cancellation("the application stopped (SparkContext was shut down) while it ran", true));
        }
        if (reason.contains("cancellation of all jobs")) {
            return Optional.of(new Cancellation("the application cancelled all jobs (SparkContext.cancelAllJobs)", false));
        }
        Matcher group = GROUP.matcher(reason);
        if (group.find()) {
            return Optional.of(new Cancellation("its job group " + trim(group.group(1)) + " was cancelled (cancelJobGroup)", false));
        }
        Matcher tags = TAGS.matcher(reason);
        if (tags.find()) {
            return Optional.of(new Cancellation("its job tag " + trim(tags.group(1)) + " was cancelled (cancelJobsWithTag)", false));
        }
        if (reason.toLowerCase(java.util.Locale.ROOT).contains("killed via the web ui")) {
            return Optional.of(new Cancellation("someone killed it in the Spark UI", false));
        }
        Matcher stage = STAGE.matcher(reason);
        if (stage.find()) {
            return Optional.of(new Cancellation("its stage " + stage.group(1) + " was cancelled (cancelStage or the Spark UI)", false));
        }
        return Optional.of(new Cancellation("the application cancelled it (SparkContext.cancelJob)", false));
    }

    private static String trim(String id) {
        return id.replaceAll("[.,;:'\"`]+$", "");
    }
}
