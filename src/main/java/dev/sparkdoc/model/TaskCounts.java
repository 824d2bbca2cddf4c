package dev.sparkdoc.model;

/** Tasks of a job or stage by state, as the Spark UI counts them. */
public record TaskCounts(int total, int active, int completed, int failed, int killed, int skipped) {

    public static final TaskCounts NONE = new TaskCounts(0, 0, 0, 0, 0, 0);

    /** Tasks neither running nor finished yet. */
    public int pending() {
        return Math.max(0, total - active - completed - skipped);
    }
}
