package dev.sparkdoc.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What kind of difference a {@link Change} is; the names are part of the JSON contract. */
public enum ChangeKind {
    /** An error the current run has and the baseline had not. */
    FAILURE,
    /** A query's physical plan changed (join strategy, exchanges, Python UDFs). */
    PLAN,
    /** A stage present in both runs that took longer or shorter, processed more or less. */
    STAGE,
    STAGE_ADDED,
    STAGE_REMOVED,
    JOB_ADDED,
    JOB_REMOVED,
    QUERY_ADDED,
    QUERY_REMOVED,
    /** Spark, Java or Scala version. */
    VERSION,
    /** A Spark property added, removed or changed. */
    CONFIG,
    /** Executor count, cores or memory. */
    EXECUTORS,
    /** A rule finding (warning or worse) the baseline did not have. */
    FINDING;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
